package io.jpraxis.filters.traffic.staticresponse;

import io.jpraxis.config.model.HeaderValue;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;
import java.nio.charset.StandardCharsets;

/**
 * Answers every request it sees with a fixed status, headers and body; no upstream (see
 * docs/reference/filters/static_response.md#what-it-does).
 */
public final class StaticResponseFilter implements HttpFilter {

    private final StaticResponseConfig config;
    private final HeaderMap headerTemplate;
    private final byte[] body;

    /** Encodes the body and header lines once. */
    public StaticResponseFilter(StaticResponseConfig config) {
        this.config = config;
        this.headerTemplate = new HeaderMap();
        for (HeaderValue h : config.headers()) {
            headerTemplate.add(h.name(), h.value());
        }
        this.body = config.body().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public String type() {
        return StaticResponseFactory.TYPE;
    }

    @Override
    public StaticResponseConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        // Headers are copied because response filters mutate them in place; the body array is
        // shared read-only (nothing downstream writes into a local response body).
        return new FilterAction.Respond(new LocalResponse(config.status(), headerTemplate.copy(), body));
    }
}
