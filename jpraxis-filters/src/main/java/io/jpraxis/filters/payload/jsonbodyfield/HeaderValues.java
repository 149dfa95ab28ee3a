package io.jpraxis.filters.payload.jsonbodyfield;

/** Which values taken from a body may become a header value. */
final class HeaderValues {
    private HeaderValues() {
    }

    /**
     * Visible ASCII, space and tab only: no CR or LF (header injection), no other control
     * characters, and nothing the wire would have to re-encode (a body is UTF-8, a header is not).
     */
    static boolean safe(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c != '\t' && (c < 0x20 || c > 0x7e)) {
                return false;
            }
        }
        return true;
    }
}
