package io.jpraxis.core.http;

import java.util.Set;

/** Connection-specific headers a proxy must not forward (RFC 9110 section 7.6.1). */
public final class HopByHopHeaders {
    /** Always hop-by-hop, plus whatever {@code Connection} names. */
    public static final Set<String> NAMES = Set.of("connection", "keep-alive", "proxy-connection",
            "proxy-authenticate", "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade");

    private HopByHopHeaders() {
    }

    /** Removes the fixed set and every header listed in {@code Connection}. */
    public static void strip(HeaderMap headers) {
        for (String listed : headers.getAll("connection")) {
            for (String token : listed.split(",")) {
                String name = token.trim();
                if (!name.isEmpty()) {
                    headers.remove(name);
                }
            }
        }
        for (String name : NAMES) {
            headers.remove(name);
        }
    }
}
