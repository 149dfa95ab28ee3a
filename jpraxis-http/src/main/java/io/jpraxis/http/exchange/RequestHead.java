package io.jpraxis.http.exchange;

import io.jpraxis.core.http.CanonicalPath;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.http.error.EdgeError;
import io.jpraxis.http.support.NettyHeaders;
import io.netty.handler.codec.http.HttpRequest;

/**
 * A decoded request head turned into what the pipeline reads: its shape checked, its target
 * parsed and canonicalised, its Host in one spelling. Either the request is admitted, or the
 * edge answers it itself.
 */
sealed interface RequestHead {

    /** The head as the pipeline sees it: the canonical path, the query as sent, the headers. */
    record Admitted(RequestPath path, String query, HeaderMap headers) implements RequestHead {
    }

    /**
     * The edge's own answer: {@code error}'s status and reason, or a 400 with {@code reason} when
     * it is set (a canonical-path refusal names what was wrong).
     */
    record Refused(EdgeError error, String reason, boolean closes) implements RequestHead {
    }

    /** Checks and parses {@code request}, whose decoding succeeded. */
    static RequestHead of(HttpRequest request) {
        EdgeError invalid = RequestChecks.check(request);
        RequestTarget target = invalid == null ? RequestTarget.parse(request.uri()) : null;
        if (invalid == null && target == null) {
            invalid = EdgeError.BAD_REQUEST_TARGET;
        }
        if (invalid != null) {
            return new Refused(invalid, null, invalid == EdgeError.TOO_MANY_HEADERS);
        }
        RequestPath path;
        switch (CanonicalPath.of(target.path(), target.query())) {
            case RequestPath canonical -> path = canonical;
            // What the rules match is what goes upstream (see
            // docs/behaviour/canonical-path.md#one-form-for-matching-and-forwarding), so a target
            // without one safe canonical form is refused before any rule sees it.
            case CanonicalPath.Refusal refused -> {
                return new Refused(EdgeError.BAD_REQUEST_TARGET, refused.reason(), false);
            }
        }
        HeaderMap headers = NettyHeaders.toHeaderMap(request.headers());
        // Absolute-form wins over Host (RFC 9112 3.2.2); routes match, and the origin gets, one spelling of it.
        String sentHost = headers.get("host");
        String host = HostSyntax.canonical(target.authority() != null ? target.authority() : sentHost);
        if (host != sentHost) {
            headers.set("host", host);
        }
        return new Admitted(path, target.query(), headers);
    }
}
