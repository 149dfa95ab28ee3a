package io.jpraxis.ai.tokencount;

import io.jpraxis.ai.testing.AiFixtures;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** Drives one response through a filter as the executor does: head, body pieces, exchange end. */
final class TokenResponses {
    private TokenResponses() {
    }

    static HttpFilter filter(String yaml) {
        return AiFixtures.build(new TokenCountFactory(), yaml).accepted();
    }

    /** A whole response, {@code pieces} in order, the last ending the body. */
    static RequestContext respond(HttpFilter filter, int status, String contentType, List<String> pieces) {
        RequestContext ctx = AiFixtures.request("/v1/chat/completions");
        head(filter, ctx, status, contentType == null ? Map.of() : Map.of("content-type", contentType));
        body(filter, ctx, pieces, true);
        filter.onLog(ctx, new ExchangeSummary(status, 0, 0, 1, true));
        return ctx;
    }

    static RequestContext json(HttpFilter filter, String body) {
        return respond(filter, 200, "application/json", List.of(body));
    }

    static RequestContext sse(HttpFilter filter, String... pieces) {
        return respond(filter, 200, "text/event-stream", List.of(pieces));
    }

    static void head(HttpFilter filter, RequestContext ctx, int status, Map<String, String> headers) {
        HeaderMap h = new HeaderMap();
        headers.forEach(h::set);
        filter.onResponse(ctx, new ResponseHead(status, h, false));
    }

    /** Body pieces; with {@code end} the last one ends the body. */
    static void body(HttpFilter filter, RequestContext ctx, List<String> pieces, boolean end) {
        for (int i = 0; i < pieces.size(); i++) {
            filter.onResponseBody(ctx, BodyChunk.of(pieces.get(i).getBytes(StandardCharsets.UTF_8),
                    end && i == pieces.size() - 1));
        }
        if (pieces.isEmpty() && end) {
            filter.onResponseBody(ctx, BodyChunk.empty());
        }
    }

    /** The token.* metadata, in key order of the contract. */
    static Map<String, String> tokens(RequestContext ctx) {
        java.util.TreeMap<String, String> out = new java.util.TreeMap<>();
        ctx.metadata().asMap().forEach((k, v) -> {
            if (k.startsWith("token.")) {
                out.put(k, v);
            }
        });
        return out;
    }

    /** Counts as {@code input, output, total} metadata. */
    static Map<String, String> counts(long input, long output, long total) {
        return Map.of("token.input", Long.toUnsignedString(input), "token.output", Long.toUnsignedString(output),
                "token.total", Long.toUnsignedString(total));
    }
}
