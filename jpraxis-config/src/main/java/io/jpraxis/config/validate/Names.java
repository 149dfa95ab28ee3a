package io.jpraxis.config.validate;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;

/** Character rules for names, identifiers and header names, with the expectations they print. */
public final class Names {
    /** Longest application identifier (see docs/behaviour/clusters.md#application-identifiers). */
    public static final int MAX_IDENTIFIER_LENGTH = 64;
    /** Expectation for chain, entry and listener names. */
    public static final String NAME_RULE = "a non-empty name of ASCII letters, digits, '_' or '-'";
    /**
     * Expectation for application identifiers (see
     * docs/behaviour/clusters.md#application-identifiers).
     */
    public static final String IDENTIFIER_RULE = "1 to 64 characters of a-z, 0-9, '.', '_' or '-', "
            + "starting and ending with a letter or digit";
    /** Expectation for header names. */
    public static final String HEADER_NAME_RULE = "a header name (RFC 9110 token characters)";

    private static final String TOKEN_SYMBOLS = "!#$%&'*+-.^_`|~";

    private Names() {
    }

    /** ASCII letters, digits, {@code _} and {@code -}; non-empty. */
    public static boolean isName(String s) {
        if (s == null || s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!isAsciiAlnum(c) && c != '_' && c != '-') {
                return false;
            }
        }
        return true;
    }

    /**
     * The application identifier rule (byte-exact, lower case; see
     * docs/behaviour/clusters.md#application-identifiers).
     */
    public static boolean isIdentifier(String s) {
        if (s == null || s.isEmpty() || s.length() > MAX_IDENTIFIER_LENGTH) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean letterOrDigit = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
            boolean edge = i == 0 || i == s.length() - 1;
            if (!letterOrDigit && (edge || (c != '.' && c != '_' && c != '-'))) {
                return false;
            }
        }
        return true;
    }

    /** A field name is a token (RFC 9110 section 5.1, token in section 5.6.2). */
    public static boolean isHeaderName(String s) {
        if (s == null || s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!isAsciiAlnum(c) && TOKEN_SYMBOLS.indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }

    /** A field value holds no control characters but horizontal tab (RFC 9110 section 5.5). */
    public static boolean isHeaderValue(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if ((c < 0x20 && c != '\t') || c == 0x7f) {
                return false;
            }
        }
        return true;
    }

    /** Reports {@code value} unless it is a valid name; returns whether it is. */
    public static boolean checkName(String value, ConfigPath path, int line, Diagnostics d) {
        if (isName(value)) {
            return true;
        }
        d.invalid(path, line, quote(value), NAME_RULE);
        return false;
    }

    /** Reports {@code value} unless it is a valid application identifier. */
    public static boolean checkIdentifier(String value, ConfigPath path, int line, Diagnostics d) {
        if (isIdentifier(value)) {
            return true;
        }
        d.invalid(path, line, quote(value), IDENTIFIER_RULE);
        return false;
    }

    /** Reports {@code value} unless it is a valid header name. */
    public static boolean checkHeaderName(String value, ConfigPath path, int line, Diagnostics d) {
        if (isHeaderName(value)) {
            return true;
        }
        d.invalid(path, line, quote(value), HEADER_NAME_RULE);
        return false;
    }

    /** {@code "value"} as diagnostics render strings. */
    public static String quote(String value) {
        return '"' + value + '"';
    }

    private static boolean isAsciiAlnum(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }
}
