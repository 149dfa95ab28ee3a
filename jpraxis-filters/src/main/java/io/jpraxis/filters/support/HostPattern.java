package io.jpraxis.filters.support;

import java.util.Locale;
import java.util.Optional;

/**
 * A configured host: exact ({@code api.example.com}, {@code [::1]}) or a wildcard
 * ({@code *.example.com}). Compiled once; matching compares regions of the request's authority
 * case-insensitively and allocates nothing.
 */
public final class HostPattern {
    /** The expectation text for an invalid pattern. */
    public static final String EXPECTATION = "a host name without a port; '*' only as a leading '*.'";

    private final String text;
    private final String exact;
    private final String dotSuffix;

    private HostPattern(String text, String exact, String dotSuffix) {
        this.text = text;
        this.exact = exact;
        this.dotSuffix = dotSuffix;
    }

    /** Parses {@code text}; empty when it has a port, a misplaced {@code *} or characters no host has. */
    public static Optional<HostPattern> parse(String text) {
        if (text.startsWith("*.")) {
            String domain = text.substring(2);
            if (domain.startsWith("[") || !Hosts.isPlainHost(domain)) {
                return Optional.empty();
            }
            return Optional.of(new HostPattern(text, null, "." + domain.toLowerCase(Locale.ROOT)));
        }
        if (!Hosts.isPlainHost(text)) {
            return Optional.empty();
        }
        return Optional.of(new HostPattern(text, text.toLowerCase(Locale.ROOT), null));
    }

    /** The pattern as configured. */
    public String text() {
        return text;
    }

    /** Whether this is a {@code *.domain} pattern. */
    public boolean isWildcard() {
        return dotSuffix != null;
    }

    /**
     * Router semantics: exact equality, or for {@code *.example.com} a non-empty subdomain that is
     * one label unless {@code multiLevel}. The bare domain does not match a wildcard.
     *
     * @param hostEnd where the host part of {@code authority} ends (see {@link Hosts#hostEnd})
     */
    public boolean matches(String authority, int hostEnd, boolean multiLevel) {
        if (dotSuffix == null) {
            return equalsExact(authority, hostEnd);
        }
        int labelEnd = hostEnd - dotSuffix.length();
        if (labelEnd <= 0 || !authority.regionMatches(true, labelEnd, dotSuffix, 0, dotSuffix.length())) {
            return false;
        }
        if (multiLevel) {
            return true;
        }
        int dot = authority.indexOf('.');
        return dot < 0 || dot >= labelEnd;
    }

    /**
     * Allow-list semantics: exact equality, or for {@code *.example.com} the bare domain or any
     * subdomain at any depth.
     */
    public boolean covers(String authority, int hostEnd) {
        if (dotSuffix == null) {
            return equalsExact(authority, hostEnd);
        }
        int bareLength = dotSuffix.length() - 1;
        if (hostEnd == bareLength) {
            return authority.regionMatches(true, 0, dotSuffix, 1, bareLength);
        }
        int labelEnd = hostEnd - dotSuffix.length();
        return labelEnd > 0 && authority.regionMatches(true, labelEnd, dotSuffix, 0, dotSuffix.length());
    }

    private boolean equalsExact(String authority, int hostEnd) {
        return hostEnd == exact.length() && authority.regionMatches(true, 0, exact, 0, hostEnd);
    }

    @Override
    public String toString() {
        return text;
    }
}
