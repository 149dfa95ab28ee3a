package io.jpraxis.filters.support;

import io.jpraxis.config.validate.Names;
import java.util.Set;

/** What makes a header name or value acceptable in filter config. */
public final class HeaderRules {
    /**
     * Connection-scoped fields (RFC 9110 section 7.6.1) plus {@code proxy-connection}: a filter that
     * adds them to a response would corrupt the hop to the client.
     */
    public static final Set<String> HOP_BY_HOP = Set.of(
            "connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade");

    /** Fields that frame the message; a configured response must leave them to the server. */
    public static final Set<String> FRAMING = Set.of(
            "content-length", "transfer-encoding", "connection", "keep-alive", "upgrade", "te", "trailer");

    /** The expectation text for an invalid name. */
    public static final String NAME_EXPECTATION = "a header name made of RFC 9110 token characters";

    /** The expectation text for an invalid value. */
    public static final String VALUE_EXPECTATION = "a header value without control characters such as CR, LF or NUL";

    private HeaderRules() {
    }

    /**
     * Whether {@code name} is a non-empty RFC 9110 token (section 5.6.2); the config's own rule
     * ({@link Names#isHeaderName}), so filters and the loader agree on what a name is.
     */
    public static boolean isValidName(String name) {
        return Names.isHeaderName(name);
    }

    /**
     * Whether {@code value} may go on the wire as a field value (RFC 9110 section 5.5): no control
     * characters except horizontal tab, so no CR/LF header injection and no NUL.
     */
    public static boolean isValidValue(String value) {
        return value != null && Names.isHeaderValue(value);
    }
}
