package io.jpraxis.filters.traffic.staticresponse;

import io.jpraxis.config.model.HeaderValue;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.FilterBuildContext;
import io.jpraxis.core.filter.FilterFactory;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.filters.support.HeaderListReader;
import io.jpraxis.filters.support.HeaderRules;
import java.util.List;
import java.util.Optional;

/** Builds {@code static_response} filters (spec 5.4). */
public final class StaticResponseFactory implements FilterFactory {
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
    public Optional<HttpFilter> create(MapReader options, FilterBuildContext context) {
        Integer status = options.require("status")
                ? options.integer("status", 200, 599).map(Long::intValue).orElse(null)
                : null;
        String body = options.string("body").orElse("");
        List<HeaderValue> headers = HeaderListReader.pairs(options, "headers", HeaderRules.FRAMING, FRAMING_WHY);
        if (!options.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(new StaticResponseFilter(new StaticResponseConfig(status, body, headers)));
    }
}
