package io.jpraxis.filters.security.jwt;

import io.jpraxis.core.http.HeaderMap;
import java.util.List;

/** Finds the token in the request (RFC 6750 section 2.1 for {@code Authorization: Bearer}). */
final class BearerToken {
    /** Longer values are refused unparsed: a bound on the work and memory one request can cause. */
    static final int MAX_TOKEN_CHARS = 16 * 1024;
    private static final String SCHEME = "bearer ";

    /** What the header held. */
    sealed interface Found {
        record Token(String value) implements Found {
        }

        /** No credentials for this scheme: the challenge carries no error code (RFC 6750 section 3.1). */
        record Absent() implements Found {
        }

        /** Something that cannot be a compact JWS (two headers, bad characters, too long). */
        record Malformed(String reason) implements Found {
        }
    }

    private BearerToken() {
    }

    static Found find(HeaderMap headers, String header, boolean bearerScheme) {
        List<String> values = headers.getAll(header);
        if (values.isEmpty()) {
            return new Found.Absent();
        }
        if (values.size() > 1) {
            return new Found.Malformed("more than one " + header + " header");
        }
        String value = values.get(0).strip();
        boolean prefixed = value.regionMatches(true, 0, SCHEME, 0, SCHEME.length());
        if (bearerScheme && !prefixed) {
            return new Found.Absent(); // another scheme (Basic, say) is no bearer credential
        }
        String token = prefixed ? value.substring(SCHEME.length()).strip() : value;
        if (token.isEmpty() || token.length() > MAX_TOKEN_CHARS) {
            return new Found.Malformed(token.isEmpty() ? "empty token" : "token too long");
        }
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            boolean base64url = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-'
                    || c == '_' || c == '.';
            if (!base64url) {
                return new Found.Malformed("character outside base64url");
            }
        }
        return new Found.Token(token);
    }
}
