package io.jpraxis.core.condition;

/** Path comparisons shared by conditions and the router: raw, case-sensitive, never decoded. */
public final class PathMatch {
    private PathMatch() {
    }

    /**
     * Whether {@code path} starts with {@code prefix} at a segment boundary: {@code /api} matches
     * {@code /api}, {@code /api/} and {@code /api/v1} but not {@code /apikeys}. A trailing slash on
     * the prefix is ignored, so {@code /api/} also matches {@code /api}; {@code /} matches all.
     */
    public static boolean prefixAtBoundary(String path, String prefix) {
        String p = withoutTrailingSlash(prefix);
        if (p.equals("/")) {
            return path.startsWith("/");
        }
        if (!path.startsWith(p)) {
            return false;
        }
        return path.length() == p.length() || path.charAt(p.length()) == '/';
    }

    /** {@code prefix} less one trailing slash ({@code /} stays {@code /}): the form prefixes match in. */
    public static String withoutTrailingSlash(String prefix) {
        return prefix.length() > 1 && prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
    }
}
