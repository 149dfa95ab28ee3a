package io.jpraxis.filters.payload.jsonbody;

import io.jpraxis.core.context.Extensions;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.filters.payload.jsonbody.JsonBodyConfig.OnInvalid;
import io.jpraxis.filters.payload.jsonbody.JsonBodyConfig.ValueSource;
import io.jpraxis.filters.payload.jsonbody.JsonDocCodec.Document;
import io.jpraxis.filters.payload.jsonbody.JsonDocCodec.Invalid;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code json_body} (see docs/reference/filters/json_body.md): JSON-pointer add, replace, remove
 * and extract on request and response bodies. Each direction with an operation is buffered; the
 * work happens once, on the whole body, when it has arrived. Request work runs at pre-read, so
 * extracted headers and metadata are there when the router runs. A direction with only extracts
 * never changes a byte; one that mutates is re-serialised (whitespace between tokens may change).
 */
final class JsonBodyFilter implements HttpFilter {
    private static final Logger log = LoggerFactory.getLogger(JsonBodyFilter.class);
    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

    private final JsonBodyConfig config;
    /** Per instance, so two json_body entries of one pipeline keep their own buffers. */
    private final Extensions.Key<Pending> request = new Extensions.Key<>("json_body.request", Pending.class);
    private final Extensions.Key<Pending> response = new Extensions.Key<>("json_body.response", Pending.class);

    JsonBodyFilter(JsonBodyConfig config) {
        this.config = config;
    }

    /** The pieces of one direction seen so far, copied (the edge frees its own after each hook). */
    private static final class Pending {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    }

    @Override
    public String type() {
        return JsonBodyFactory.TYPE;
    }

    @Override
    public JsonBodyConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequestBody(RequestContext ctx, BodyChunk body) {
        if (!config.touchesRequest()) {
            return FilterAction.BODY_DONE;
        }
        if (!matches(ctx.headers().get("content-type"), null)) {
            return FilterAction.BODY_DONE; // this body is none of ours: untouched
        }
        byte[] whole = collect(ctx, request, body, config.mutatesRequest());
        if (whole == null) {
            return FilterAction.CONTINUE;
        }
        return work(ctx, body, whole, true);
    }

    /** Decides from the head whether this response's body is one to work on. */
    @Override
    public FilterAction onResponse(RequestContext ctx, ResponseHead head) {
        if (config.touchesResponse() && matches(head.headers().get("content-type"),
                head.headers().get("content-encoding"))) {
            ctx.extensions().put(response, new Pending());
        }
        return FilterAction.CONTINUE;
    }

    @Override
    public FilterAction onResponseBody(RequestContext ctx, BodyChunk body) {
        if (ctx.extensions().get(response).isEmpty()) {
            return FilterAction.BODY_DONE;
        }
        byte[] whole = collect(ctx, response, body, config.mutatesResponse());
        if (whole == null) {
            return FilterAction.CONTINUE;
        }
        return work(ctx, body, whole, false);
    }

    /**
     * Copies {@code body} into the direction's buffer; a mutating direction hands the edge an empty
     * piece instead, since the whole (possibly rewritten) body goes out with the last piece.
     *
     * @return the whole body once the last piece has arrived, else null
     */
    private static byte[] collect(RequestContext ctx, Extensions.Key<Pending> key, BodyChunk body, boolean mutating) {
        if (body.endOfStream() && ctx.extensions().get(key).map(p -> p.bytes.size() == 0).orElse(true)) {
            ctx.extensions().remove(key);
            return body.toByteArray(); // the common case: the whole body in one piece
        }
        Pending pending = ctx.extensions().get(key).orElseGet(Pending::new);
        ctx.extensions().put(key, pending);
        pending.bytes.writeBytes(body.toByteArray());
        if (mutating) {
            body.replace(EMPTY);
        }
        if (!body.endOfStream()) {
            return null;
        }
        ctx.extensions().remove(key);
        return pending.bytes.toByteArray();
    }

    private FilterAction work(RequestContext ctx, BodyChunk body, byte[] whole, boolean isRequest) {
        boolean mutating = isRequest ? config.mutatesRequest() : config.mutatesResponse();
        byte[] out = whole;
        if (whole.length > 0) {
            switch (JsonDocCodec.read(new java.io.ByteArrayInputStream(whole))) {
                case Invalid invalid -> {
                    return invalid(ctx, body, whole, isRequest, invalid.reason());
                }
                case Document doc when doc.trailing() -> {
                    return invalid(ctx, body, whole, isRequest, "content after the JSON document");
                }
                case Document doc -> out = edit(ctx, doc.root(), whole, isRequest);
            }
        }
        if (mutating) {
            body.replace(ByteBuffer.wrap(out));
        }
        return FilterAction.BODY_DONE;
    }

    /** Extracts first (they see the body as it arrived, and adds may use what they stored), then the edits. */
    private byte[] edit(RequestContext ctx, JsonDoc root, byte[] whole, boolean isRequest) {
        Extracts.run(ctx, root, isRequest ? config.requestExtract() : config.responseExtract());
        boolean changed = isRequest
                ? JsonEdits.apply(root, config.requestReplace(), config.requestAdd(), config.requestRemove(),
                        source -> resolve(ctx, source))
                : JsonEdits.apply(root, List.of(), List.of(), config.responseRemove(), source -> Optional.empty());
        return changed ? JsonDocCodec.write(root) : whole;
    }

    private FilterAction invalid(RequestContext ctx, BodyChunk body, byte[] whole, boolean isRequest, String why) {
        String direction = isRequest ? "request" : "response";
        switch (config.onInvalid()) {
            case CONTINUE -> {
                log.debug("request {}: json_body: {} body is not one JSON document ({}); passed on unchanged",
                        ctx.requestId(), direction, why);
                if (isRequest ? config.mutatesRequest() : config.mutatesResponse()) {
                    body.replace(ByteBuffer.wrap(whole));
                }
                return FilterAction.BODY_DONE;
            }
            case REJECT -> {
                log.info("request {}: json_body: {} body is not valid JSON ({}); rejected", ctx.requestId(),
                        direction, why);
                return FilterAction.reject(400, "json_body: " + direction + " body is not valid JSON");
            }
            case ERROR -> {
                return FilterAction.fail("json_body: " + direction + " body is not valid JSON (" + why + ")");
            }
        }
        throw new IllegalStateException("unreachable: " + config.onInvalid());
    }

    private static Optional<JsonDoc> resolve(RequestContext ctx, ValueSource source) {
        return switch (source) {
            case ValueSource.Literal literal -> Optional.of(literal.value());
            case ValueSource.EnvVar env -> Optional.of(JsonDoc.Leaf.string(env.value()));
            case ValueSource.Metadata m -> Optional.ofNullable(ctx.metadata().get(m.key())).map(JsonDoc.Leaf::string);
            case ValueSource.Structured s -> StructuredMetadata.find(ctx).flatMap(sm -> sm.get(s.namespace(), s.key()));
        };
    }

    /**
     * Whether a body with this {@code Content-Type} is worked on: any, when no prefixes are set;
     * never one with a content coding (the bytes are not the JSON text).
     */
    private boolean matches(String contentType, String contentEncoding) {
        if (contentEncoding != null && !contentEncoding.isBlank()
                && !contentEncoding.trim().equalsIgnoreCase("identity")) {
            return false;
        }
        if (config.contentTypes().isEmpty()) {
            return true;
        }
        if (contentType == null) {
            return false;
        }
        String lower = contentType.trim().toLowerCase(Locale.ROOT);
        return config.contentTypes().stream().anyMatch(p -> lower.startsWith(p.toLowerCase(Locale.ROOT)));
    }
}
