package io.jpraxis.filters.transform.rewrite;

import io.jpraxis.config.read.MapReader;

/**
 * Load-time check of the literal text a rewrite puts into a path (a prefix, a replacement's
 * literal parts). A {@code ?} would start a query inside the path and a {@code #} a fragment; a
 * backslash, space, control or non-ASCII character is refused in any request path (see
 * docs/behaviour/canonical-path.md), so writing one is a config mistake best reported at load
 * rather than as a 500 on every matching request.
 */
final class PathText {
    private PathText() {
    }

    /** Reports {@code text} at {@code key} of {@code map} when it holds a character no path may. */
    static boolean check(String text, MapReader map, String key) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String bad = c == '?' ? "'?' (a query; set query parameters with url_rewrite)"
                    : c == '#' ? "'#' (a fragment)"
                    : c == '\\' ? "'\\'"
                    : c == ' ' ? "a space (write %20)"
                    : c < 0x20 || c == 0x7f ? "a control character"
                    : c >= 0x80 ? "a non-ASCII character (percent-encode its UTF-8 bytes)" : null;
            if (bad != null) {
                map.error(key, "\"" + text + "\" contains " + bad + " (expected: path characters only)");
                return false;
            }
        }
        return true;
    }
}
