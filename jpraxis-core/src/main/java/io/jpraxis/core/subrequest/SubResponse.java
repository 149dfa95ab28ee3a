package io.jpraxis.core.subrequest;

import io.jpraxis.core.http.HeaderMap;

/** How a sub-request ended: a whole upstream response, or a transport failure. Handled with an exhaustive switch. */
public sealed interface SubResponse permits SubResponse.Received, SubResponse.Failed {

    /**
     * The upstream answered. {@code headers} are the response headers without hop-by-hop ones;
     * {@code body} is the whole decoded body (de-chunked), at most the request's limit.
     */
    record Received(int status, HeaderMap headers, byte[] body) implements SubResponse {
    }

    /** No usable response: {@code kind} classifies it; {@code detail} is for logs only, never sent. */
    record Failed(TransportError kind, String detail) implements SubResponse, SubStream {
    }
}
