package io.jpraxis.filters.payload.jsonrpc;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.filters.payload.jsonrpc.EnvelopeReader.Outcome;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code json_rpc} (see docs/reference/filters/json_rpc.md): reads the JSON-RPC 2.0 envelope of a
 * request body at pre-read and promotes its method, id and kind to request headers and to results
 * under {@code json_rpc} ({@code kind}, {@code method}, {@code id}, {@code id_kind},
 * {@code batch_len}), so routes and branches can act on the method. The body is never changed.
 */
final class JsonRpcFilter implements HttpFilter {
    private static final Logger log = LoggerFactory.getLogger(JsonRpcFilter.class);

    private final JsonRpcConfig config;

    JsonRpcFilter(JsonRpcConfig config) {
        this.config = config;
    }

    @Override
    public String type() {
        return JsonRpcFactory.TYPE;
    }

    @Override
    public JsonRpcConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequestBody(RequestContext ctx, BodyChunk body) {
        if (!body.endOfStream()) {
            return FilterAction.CONTINUE; // the envelope is read from the whole body
        }
        return switch (EnvelopeReader.read(body.inputStream(), config.batchPolicy())) {
            case Outcome.Found found -> {
                promote(ctx, found.envelope());
                yield FilterAction.BODY_DONE;
            }
            case Outcome.NotJsonRpc none -> invalid(ctx, "not a JSON-RPC 2.0 message");
            case Outcome.Invalid invalid -> invalid(ctx, invalid.reason());
            case Outcome.RefusedBatch refused -> {
                log.info("request {}: json_rpc: {}; refused", ctx.requestId(), refused.reason());
                yield FilterAction.reject(400, "json_rpc: " + refused.reason());
            }
        };
    }

    private FilterAction invalid(RequestContext ctx, String reason) {
        return switch (config.onInvalid()) {
            case CONTINUE -> {
                log.debug("request {}: json_rpc: {}; nothing promoted", ctx.requestId(), reason);
                yield FilterAction.BODY_DONE;
            }
            case REJECT -> {
                log.info("request {}: json_rpc: {}; refused", ctx.requestId(), reason);
                yield FilterAction.reject(400, "json_rpc: the request body is not a valid JSON-RPC 2.0 message");
            }
            case ERROR -> FilterAction.fail("json_rpc: " + reason);
        };
    }

    private void promote(RequestContext ctx, Envelope e) {
        JsonRpcConfig.Headers headers = config.headers();
        e.method().filter(JsonRpcFilter::headerSafe).ifPresent(m -> set(ctx, headers.method(), m));
        e.id().filter(JsonRpcFilter::headerSafe).ifPresent(id -> set(ctx, headers.id(), id));
        set(ctx, headers.kind(), e.kind().yamlName());
        // A value the result rules refuse (over 256 bytes, say) is simply not published.
        ctx.results().put(JsonRpcFactory.TYPE, "kind", e.kind().yamlName());
        e.method().filter(JsonRpcFilter::noControl).ifPresent(m -> ctx.results().put(JsonRpcFactory.TYPE, "method", m));
        e.id().filter(JsonRpcFilter::noControl).ifPresent(id -> ctx.results().put(JsonRpcFactory.TYPE, "id", id));
        ctx.results().put(JsonRpcFactory.TYPE, "id_kind", e.idKind().yamlName());
        e.batchLength().ifPresent(n -> ctx.results().put(JsonRpcFactory.TYPE, "batch_len", Integer.toString(n)));
    }

    private static void set(RequestContext ctx, Optional<String> header, String value) {
        header.ifPresent(name -> ctx.headers().set(name, value));
    }

    /** No control character (tab allowed): a decoded newline must not become a header line. */
    private static boolean noControl(String value) {
        return value.chars().noneMatch(c -> (c < 0x20 && c != '\t') || c == 0x7f);
    }

    /** As {@link #noControl}, and ASCII only: a header value is not re-encoded on the wire. */
    private static boolean headerSafe(String value) {
        return noControl(value) && value.chars().allMatch(c -> c < 0x80);
    }
}
