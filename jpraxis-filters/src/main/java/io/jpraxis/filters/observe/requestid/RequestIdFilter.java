package io.jpraxis.filters.observe.requestid;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.filters.support.HeaderRules;
import java.util.List;

/**
 * Gives every request a correlation id: a valid one from the client is kept, a missing or invalid
 * one is replaced by the gateway's generated id. The id goes upstream in the configured header,
 * comes back on the response, and becomes the request's effective id for later filters and logs.
 */
public final class RequestIdFilter implements HttpFilter {
    /** Longest client id kept; longer ones are replaced so logs and headers stay bounded. */
    static final int MAX_LENGTH = 128;

    private final RequestIdConfig config;
    private final String header;

    public RequestIdFilter(RequestIdConfig config) {
        this.config = config;
        this.header = HeaderMap.normalize(config.headerName());
    }

    @Override
    public String type() {
        return RequestIdFactory.TYPE;
    }

    @Override
    public RequestIdConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        List<String> sent = ctx.headers().getAll(header);
        if (sent.size() == 1 && isValid(sent.getFirst())) {
            ctx.requestId(sent.getFirst());
        } else {
            // Missing, repeated or unsafe: the generated id replaces every client line.
            ctx.headers().set(header, ctx.requestId());
        }
        return FilterAction.CONTINUE;
    }

    @Override
    public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        response.headers().set(header, ctx.requestId());
        return FilterAction.CONTINUE;
    }

    /**
     * Whether a client's id may be kept: 1 to {@value #MAX_LENGTH} RFC 9110 token characters, so it
     * can carry no spaces, quotes or control bytes into headers and log lines.
     */
    static boolean isValid(String id) {
        return id.length() <= MAX_LENGTH && HeaderRules.isValidName(id);
    }
}
