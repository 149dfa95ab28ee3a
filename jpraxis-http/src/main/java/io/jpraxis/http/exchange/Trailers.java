package io.jpraxis.http.exchange;

import io.jpraxis.core.http.HopByHopHeaders;
import io.jpraxis.core.http.ReservedHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.LastHttpContent;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Cleans the trailer section of an origin's response (RFC 9112 7.1.2). Trailers are forwarded as
 * they came, minus what may never reach a client: reserved names (see
 * docs/behaviour/routing-headers.md#reserved-header-prefixes) and connection-specific fields (RFC
 * 9110 7.6.1). A client's request trailers never get this far: the edge drops them ({@code
 * server.RequestTrailers}).
 */
final class Trailers {
    private Trailers() {
    }

    /** Removes reserved and hop-by-hop fields from {@code last}'s trailers, in place. */
    static void strip(LastHttpContent last) {
        HttpHeaders trailers = last.trailingHeaders();
        if (trailers.isEmpty()) {
            return; // also the shared immutable EMPTY_LAST_CONTENT
        }
        List<String> doomed = new ArrayList<>(2);
        for (String name : trailers.names()) {
            String lower = name.toLowerCase(Locale.ROOT);
            if (ReservedHeaders.isReserved(lower) || HopByHopHeaders.NAMES.contains(lower)) {
                doomed.add(name);
            }
        }
        doomed.forEach(trailers::remove);
    }
}
