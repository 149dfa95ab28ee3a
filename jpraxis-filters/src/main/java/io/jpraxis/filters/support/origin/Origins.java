package io.jpraxis.filters.support.origin;

import java.util.Locale;

/**
 * Origin normalisation shared by {@code cors} and {@code csrf} (RFC 6454 equivalence): scheme and
 * host lowercased, the default port of the scheme (80 for http, 443 for https) dropped, so
 * {@code HTTPS://App.Example.com:443} and {@code https://app.example.com} compare equal. A value
 * without {@code ://} is only lowercased; it can never equal a configured origin, which always has
 * a scheme.
 */
public final class Origins {

    private Origins() {
    }

    /** The normalised form of {@code origin}. */
    public static String normalise(String origin) {
        String lower = origin.toLowerCase(Locale.ROOT);
        int sep = lower.indexOf("://");
        if (sep < 0) {
            return lower;
        }
        String scheme = lower.substring(0, sep);
        String authority = lower.substring(sep + 3);
        if (scheme.equals("https") && authority.endsWith(":443")) {
            authority = authority.substring(0, authority.length() - 4);
        } else if (scheme.equals("http") && authority.endsWith(":80")) {
            authority = authority.substring(0, authority.length() - 3);
        }
        return scheme + "://" + authority;
    }
}
