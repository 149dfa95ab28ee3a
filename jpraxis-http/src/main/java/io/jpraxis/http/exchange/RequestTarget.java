package io.jpraxis.http.exchange;

/**
 * A request-target split into path and query (RFC 9112 3.2). Origin-form ({@code /a?b}) is the
 * norm; absolute-form ({@code http://host/a}) carries the authority that replaces Host (RFC 9112
 * 3.2.2); asterisk-form ({@code *}) is only for {@code OPTIONS}. Nothing is decoded or normalized
 * here: the path is raw, as the decoder read it (one char per byte), until
 * {@link io.jpraxis.core.http.CanonicalPath} makes it canonical or refuses it.
 *
 * @param query without the {@code ?}, or null when absent
 * @param authority from absolute-form, else null
 */
public record RequestTarget(String path, String query, String authority) {

    /** Parses {@code uri}; null when it is none of the three forms. */
    public static RequestTarget parse(String uri) {
        if (uri.isEmpty()) {
            return null;
        }
        if (uri.charAt(0) == '/') {
            return split(uri, null);
        }
        if (uri.equals("*")) {
            return new RequestTarget("*", null, null);
        }
        int schemeEnd = uri.indexOf("://");
        if (schemeEnd <= 0 || !isHttpScheme(uri.substring(0, schemeEnd))) {
            return null;
        }
        int authorityStart = schemeEnd + 3;
        int authorityEnd = authorityStart;
        while (authorityEnd < uri.length() && uri.charAt(authorityEnd) != '/' && uri.charAt(authorityEnd) != '?') {
            authorityEnd++;
        }
        String authority = uri.substring(authorityStart, authorityEnd);
        if (!HostSyntax.valid(authority)) {
            return null; // as Host's; userinfo is deprecated in http(s) URIs (RFC 9110 4.2.4)
        }
        String rest = uri.substring(authorityEnd);
        if (rest.isEmpty() || rest.charAt(0) == '?') {
            rest = "/" + rest;
        }
        return split(rest, authority);
    }

    private static boolean isHttpScheme(String scheme) {
        return scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https");
    }

    private static RequestTarget split(String pathAndQuery, String authority) {
        int q = pathAndQuery.indexOf('?');
        return q < 0
                ? new RequestTarget(pathAndQuery, null, authority)
                : new RequestTarget(pathAndQuery.substring(0, q), pathAndQuery.substring(q + 1), authority);
    }
}
