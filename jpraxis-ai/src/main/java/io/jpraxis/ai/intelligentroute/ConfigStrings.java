package io.jpraxis.ai.intelligentroute;

import io.jpraxis.config.read.MapReader;
import io.jpraxis.filters.support.HeaderListReader;
import java.nio.charset.StandardCharsets;

/**
 * The bounded identifiers of {@code intelligent_route}'s config (see
 * docs/reference/filters/intelligent_route.md#keys, docs/behaviour/intelligent-route.md#candidates,
 * docs/behaviour/intelligent-route.md#limits).
 */
final class ConfigStrings {
    /** Longest identifier (name, site, cluster, local site, secret locator), in UTF-8 bytes. */
    static final int MAX_BYTES = 256;
    static final String IDENTIFIER = "1 to " + MAX_BYTES + " bytes, not blank";
    static final String HEADER_VALUE = "a legal header value: visible ASCII, inner spaces or tabs only, no "
            + "control characters (route_header carries it)";

    private ConfigStrings() {
    }

    static boolean isIdentifier(String value) {
        return !value.isBlank() && value.getBytes(StandardCharsets.UTF_8).length <= MAX_BYTES;
    }

    /** Reads the required identifier {@code key}; null (reported) when absent or out of bounds. */
    static String requiredIdentifier(MapReader r, String key) {
        String value = r.requiredString(key);
        if (value != null && !isIdentifier(value)) {
            r.diagnostics().invalid(r.path(key), r.line(key), HeaderListReader.quote(value), IDENTIFIER);
            return null;
        }
        return value;
    }
}
