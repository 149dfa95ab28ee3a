package io.jpraxis.core.http;

import java.util.HashSet;
import java.util.Set;

/** Connection-specific headers a proxy must not forward (RFC 9110 section 7.6.1). */
public final class HopByHopHeaders {
    /** Always hop-by-hop, plus whatever {@code Connection} names. */
    public static final Set<String> NAMES = Set.of("connection", "keep-alive", "proxy-connection",
            "proxy-authenticate", "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade");

    private HopByHopHeaders() {
    }

    /** Removes the fixed set and every header listed in {@code Connection}, in one pass. */
    public static void strip(HeaderMap headers) {
        Set<String> listed = listedInConnection(headers);
        if (listed == null) {
            headers.removeIf(NAMES::contains);
        } else {
            headers.removeIf(name -> NAMES.contains(name) || listed.contains(name));
        }
    }

    /** The lower-case names the {@code Connection} lines list, or null when there is no such line. */
    public static Set<String> listedInConnection(HeaderMap headers) {
        Set<String> listed = null;
        for (int i = 0; i < headers.size(); i++) {
            if (!headers.nameAt(i).equals("connection")) {
                continue;
            }
            for (String token : headers.valueAt(i).split(",")) {
                String name = token.trim();
                if (!name.isEmpty()) {
                    if (listed == null) {
                        listed = new HashSet<>(4);
                    }
                    listed.add(HeaderMap.normalize(name));
                }
            }
        }
        return listed;
    }
}
