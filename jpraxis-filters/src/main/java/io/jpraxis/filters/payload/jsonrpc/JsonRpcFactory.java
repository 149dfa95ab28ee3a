package io.jpraxis.filters.payload.jsonrpc;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.HopByHopHeaders;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.payload.jsonrpc.JsonRpcConfig.BatchPolicy;
import io.jpraxis.filters.payload.jsonrpc.JsonRpcConfig.Headers;
import io.jpraxis.filters.payload.jsonrpc.JsonRpcConfig.OnInvalid;
import io.jpraxis.filters.support.HeaderListReader;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Builds {@code json_rpc} filters: {@code max_body_bytes} (1 MiB by default), {@code batch_policy},
 * {@code on_invalid} and the {@code headers} block. Without the block the three Praxis header
 * names are used; with it, a name left out (or null) is not set. A name must be a valid header
 * name that a body may set.
 */
public final class JsonRpcFactory implements FilterFactory<JsonRpcConfig> {
    /** The YAML type name. */
    public static final String TYPE = "json_rpc";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(JsonRpcKeys.KEYS);
    }

    @Override
    public Optional<JsonRpcConfig> read(MapReader options, FilterReadContext context) {
        long maxBodyBytes = options.integer("max_body_bytes").orElse(JsonRpcConfig.DEFAULT_MAX_BODY_BYTES);
        BatchPolicy batch = options.enumValue("batch_policy", BatchPolicy.class).orElse(BatchPolicy.REJECT);
        OnInvalid onInvalid = options.enumValue("on_invalid", OnInvalid.class).orElse(OnInvalid.CONTINUE);
        Headers headers = options.map("headers", JsonRpcKeys.HEADERS).map(JsonRpcFactory::headers)
                .orElse(Headers.DEFAULT);
        if (!options.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(new JsonRpcConfig(maxBodyBytes, batch, onInvalid, headers));
    }

    /** The envelope is read before routing (pre-read), so routes can match the promoted headers. */
    @Override
    public FilterDeclaration declare(JsonRpcConfig config) {
        Headers h = config.headers();
        Set<String> owned = new LinkedHashSet<>();
        Stream.of(h.method(), h.id(), h.kind()).flatMap(Optional::stream).map(HeaderMap::normalize)
                .forEach(owned::add);
        return FilterDeclaration.NONE.withRequestBody(BodyAccess.READ_ONLY, BodyMode.buffer(config.maxBodyBytes()))
                .withOwnedRequestHeaders(owned);
    }

    @Override
    public HttpFilter create(JsonRpcConfig config, FilterBuildContext context) {
        return new JsonRpcFilter(config);
    }

    private static Headers headers(MapReader r) {
        Headers h = new Headers(name(r, "method"), name(r, "id"), name(r, "kind"));
        r.finish();
        return h;
    }

    private static Optional<String> name(MapReader r, String key) {
        Optional<ConfigNode> node = r.node(key);
        if (node.isEmpty() || node.get() instanceof ConfigNode.NullNode) {
            return Optional.empty();
        }
        Optional<String> name = r.string(key);
        if (name.isEmpty() || !HeaderListReader.checkName(name.get(), r.path(key), r.line(key), r.diagnostics())) {
            return Optional.empty();
        }
        String lower = HeaderMap.normalize(name.get());
        if (HopByHopHeaders.NAMES.contains(lower) || lower.equals("content-length") || lower.equals("host")) {
            r.diagnostics().invalid(r.path(key), r.line(key), HeaderListReader.quote(name.get()),
                    "a header that is not hop-by-hop, framing or host");
            return Optional.empty();
        }
        return name;
    }
}
