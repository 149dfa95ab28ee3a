package io.jpraxis.filters.support.origin;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A configured origin list of {@code cors}/{@code csrf}: {@code "*"} alone (any non-null origin),
 * or exact origins and {@code scheme://*.host} entries, where the wildcard stands for exactly one
 * extra label ({@code https://*.example.com} matches {@code https://a.example.com}, not
 * {@code https://a.b.example.com} nor {@code https://example.com}); the scheme must match. Both
 * sides are normalised by {@link Origins#normalise}. Praxis has no regular-expression origin form,
 * so neither does this. Validation of the list (where a wildcard may stand) is the reader's job.
 */
public final class OriginMatcher {

    private final boolean any;
    private final Set<String> exact;
    private final List<String> wildcardSuffixes;

    private OriginMatcher(boolean any, Set<String> exact, List<String> wildcardSuffixes) {
        this.any = any;
        this.exact = exact;
        this.wildcardSuffixes = wildcardSuffixes;
    }

    /** The matcher of an already validated origin list. */
    public static OriginMatcher of(List<String> origins) {
        if (origins.size() == 1 && origins.getFirst().equals("*")) {
            return new OriginMatcher(true, Set.of(), List.of());
        }
        Set<String> exact = new HashSet<>();
        List<String> suffixes = new ArrayList<>();
        for (String origin : origins) {
            String normal = Origins.normalise(origin);
            int sep = normal.indexOf("://");
            if (sep >= 0 && normal.startsWith("*.", sep + 3)) {
                // stored as "scheme://.host": the presented origin must end with it
                suffixes.add(normal.substring(0, sep + 3) + normal.substring(sep + 4));
            } else {
                exact.add(normal);
            }
        }
        return new OriginMatcher(false, Set.copyOf(exact), List.copyOf(suffixes));
    }

    /** Whether the list is {@code "*"}: responses then do not vary by origin. */
    public boolean any() {
        return any;
    }

    /** Whether {@code origin} (as presented) is in the list. */
    public boolean matches(String origin) {
        if (any) {
            return true;
        }
        String normal = Origins.normalise(origin);
        if (exact.contains(normal)) {
            return true;
        }
        int sep = normal.indexOf("://");
        if (sep < 0) {
            return false;
        }
        String scheme = normal.substring(0, sep + 3);
        String host = normal.substring(sep + 3);
        for (String suffix : wildcardSuffixes) {
            if (!suffix.startsWith(scheme)) {
                continue;
            }
            String hostSuffix = suffix.substring(scheme.length());
            if (host.length() > hostSuffix.length() && host.endsWith(hostSuffix)
                    && host.indexOf('.') == host.length() - hostSuffix.length()) {
                return true;
            }
        }
        return false;
    }
}
