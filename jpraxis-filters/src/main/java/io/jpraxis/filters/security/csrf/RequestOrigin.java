package io.jpraxis.filters.security.csrf;

import io.jpraxis.core.http.HeaderMap;

/**
 * Where a request says it comes from, as {@code csrf} reads it (docs/reference/filters/csrf.md#what-it-does):
 * the {@code Origin} header unless it is {@code null}, else the {@code scheme://authority} of the
 * {@code Referer}. A value that is not visible ASCII counts as absent, as does a {@code Referer}
 * with userinfo ({@code https://trusted.example@evil.example/} names evil.example, and a browser
 * never sends one).
 */
final class RequestOrigin {

    private RequestOrigin() {
    }

    /** Whether the request carries the literal {@code Origin: null} (sandboxed frames, file pages, redirects). */
    static boolean isNull(HeaderMap headers) {
        return "null".equals(text(headers, "origin"));
    }

    /** The origin the request claims, or null when it claims none. */
    static String of(HeaderMap headers) {
        String origin = text(headers, "origin");
        if (origin != null && !origin.equals("null")) {
            return origin;
        }
        String referer = text(headers, "referer");
        return referer == null ? null : fromUrl(referer);
    }

    /** {@code scheme://authority} of an absolute URL (RFC 3986 3.2: the authority ends at {@code / ? #}). */
    static String fromUrl(String url) {
        int sep = url.indexOf("://");
        if (sep <= 0) {
            return null;
        }
        int start = sep + 3;
        int end = start;
        while (end < url.length() && "/?#".indexOf(url.charAt(end)) < 0) {
            end++;
        }
        String authority = url.substring(start, end);
        if (authority.isEmpty() || authority.indexOf('@') >= 0) {
            return null;
        }
        return url.substring(0, start) + authority;
    }

    /** The first value of {@code name} when it is visible ASCII (tabs and spaces allowed), else null. */
    private static String text(HeaderMap headers, String name) {
        String value = headers.get(name);
        if (value == null) {
            return null;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c != '\t' && (c < 0x20 || c > 0x7e)) {
                return null;
            }
        }
        return value;
    }
}
