package io.jpraxis.filters.transform.headers;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.HeaderValue;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.support.HeaderListReader;
import io.jpraxis.filters.support.HeaderRules;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Builds {@code headers} filters (see docs/reference/filters/headers.md#what-it-does). */
public final class HeadersFactory implements FilterFactory<HeadersConfig> {
    /** The YAML type name. */
    public static final String TYPE = "headers";

    private static final String HOP_BY_HOP_WHY =
            "hop-by-hop (connection, keep-alive, proxy-connection, transfer-encoding, te, trailer, upgrade)";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(HeadersKeys.KEYS);
    }

    @Override
    public Optional<HeadersConfig> read(MapReader options, FilterReadContext context) {
        List<HeaderValue> requestAdd = HeaderListReader.pairs(options, "request_add", Set.of(), "");
        List<HeaderValue> requestSet = HeaderListReader.pairs(options, "request_set", Set.of(), "");
        List<String> requestRemove = HeaderListReader.names(options, "request_remove");
        // Hop-by-hop fields describe one connection; a filter adding them would corrupt the client hop.
        List<HeaderValue> responseAdd =
                HeaderListReader.pairs(options, "response_add", HeaderRules.HOP_BY_HOP, HOP_BY_HOP_WHY);
        List<HeaderValue> responseSet =
                HeaderListReader.pairs(options, "response_set", HeaderRules.HOP_BY_HOP, HOP_BY_HOP_WHY);
        List<String> responseRemove = HeaderListReader.names(options, "response_remove");
        if (!options.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(
                new HeadersConfig(requestAdd, requestSet, requestRemove, responseAdd, responseSet, responseRemove));
    }

    @Override
    public FilterDeclaration declare(HeadersConfig config) {
        return FilterDeclaration.NONE.withResponseHook(!(config.responseRemove().isEmpty() && config.responseAdd().isEmpty()
                && config.responseSet().isEmpty()));
    }

    @Override
    public HttpFilter create(HeadersConfig config, FilterBuildContext context) {
        return new HeadersFilter(config);
    }
}
