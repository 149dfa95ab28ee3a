package io.jpraxis.filters.traffic.staticresponse;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.HeaderValue;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.FilterTrait;
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

/**
 * Builds {@code static_response} filters (see
 * docs/reference/filters/static_response.md#what-it-does).
 */
public final class StaticResponseFactory implements FilterFactory<StaticResponseConfig> {
    /** The YAML type name. */
    public static final String TYPE = "static_response";

    private static final String FRAMING_WHY =
            "a framing or hop-by-hop field (content-length, transfer-encoding, connection, keep-alive, upgrade, te, "
                    + "trailer); the server frames the response itself";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(StaticResponseKeys.KEYS);
    }

    @Override
    public Optional<StaticResponseConfig> read(MapReader options, FilterReadContext context) {
        Integer status = options.require("status")
                ? options.integer("status").map(Long::intValue).orElse(null)
                : null;
        String body = options.string("body").orElse("");
        List<HeaderValue> headers = HeaderListReader.pairs(options, "headers", HeaderRules.FRAMING, FRAMING_WHY);
        if (!options.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(new StaticResponseConfig(status, body, headers));
    }

    @Override
    public FilterDeclaration declare(StaticResponseConfig config) {
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.ALWAYS_ANSWERS));
    }

    @Override
    public HttpFilter create(StaticResponseConfig config, FilterBuildContext context) {
        return new StaticResponseFilter(config);
    }
}
