package io.jpraxis.core.condition;

import io.jpraxis.core.http.CanonicalPath;
import io.jpraxis.core.http.RequestPath;

/**
 * Path comparisons shared by conditions and the router: case-sensitive, between the request's
 * canonical match path ({@code RequestContext.matchPath()}) and a configured path read in the same
 * form ({@link #ruleForm}).
 */
public final class PathMatch {
    private PathMatch() {
    }

    /**
     * A configured {@code path} or {@code path_prefix} in the canonical match form requests are
     * compared in, so {@code /%7Euser} or {@code /api//v1} in a config still matches; text the
     * canonicaliser refuses stays as written (no request path can then equal it).
     */
    public static String ruleForm(String configured) {
        return switch (CanonicalPath.path(configured)) {
            case RequestPath path -> path.match();
            case CanonicalPath.Refusal refused -> configured;
        };
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
