package io.jpraxis.core.http;

import java.util.List;

/**
 * Header namespaces only the gateway may write (see
 * docs/behaviour/routing-headers.md#reserved-header-prefixes). Clients may not send them; copies
 * filters create inside the gateway never leave it, upstream or downstream.
 */
public final class ReservedHeaders {
    /** Lower-case prefixes of reserved header names. */
    public static final List<String> PREFIXES = List.of("x-praxis-", "x-ext-protocol-", "x-ext-agent-");
    /** The one reserved header a client may send: it can only shorten its own iteration budget. */
    public static final String ITERATIVE_DEPTH = "x-praxis-iterative-depth";

    private ReservedHeaders() {
    }

    /** Whether a lower-case header name is in a reserved namespace. */
    public static boolean isReserved(String lowerCaseName) {
        if (lowerCaseName.isEmpty() || lowerCaseName.charAt(0) != 'x') {
            return false; // every reserved prefix starts with "x-"; most names end the check here
        }
        for (String prefix : PREFIXES) {
            if (lowerCaseName.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** The first client header a client may not send, or null. */
    public static String firstForbidden(HeaderMap clientHeaders) {
        for (int i = 0; i < clientHeaders.size(); i++) {
            String name = clientHeaders.nameAt(i);
            if (isReserved(name) && !name.equals(ITERATIVE_DEPTH)) {
                return name;
            }
        }
        return null;
    }

    /** Removes every reserved header (before forwarding upstream or answering downstream). */
    public static void strip(HeaderMap headers) {
        headers.removeIf(ReservedHeaders::isReserved);
    }

    /**
     * Removes every reserved header but {@link #ITERATIVE_DEPTH}: what the iterative request
     * router's own sub-requests send upstream (see
     * docs/behaviour/routing-headers.md#reserved-header-prefixes).
     */
    public static void stripForSubRequest(HeaderMap headers) {
        headers.removeIf(name -> isReserved(name) && !name.equals(ITERATIVE_DEPTH));
    }
}
