package io.jpraxis.http.exchange;

import io.jpraxis.core.http.HopByHopHeaders;
import io.jpraxis.core.http.ReservedHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.LastHttpContent;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Cleans a trailer section (RFC 9112 7.1.2, RFC 9113 8.1), of an origin's response or of a
 * client's request. Trailers are forwarded as they came, minus what may never cross the gateway in
 * them: reserved names (see docs/behaviour/routing-headers.md#reserved-header-prefixes) and
 * connection-specific fields (RFC 9110 7.6.1); see docs/behaviour/upstream-http2.md#trailers.
 */
public final class Trailers {
    private Trailers() {
    }

    /** Removes reserved and hop-by-hop fields from {@code last}'s trailers, in place. */
    public static void strip(LastHttpContent last) {
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
