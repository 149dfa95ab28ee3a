package io.jpraxis.filters.traffic.router;

import io.jpraxis.core.condition.PathMatch;

/** How a route matches the request path: exactly one of {@code path} or {@code path_prefix}. */
public sealed interface RoutePath permits RoutePath.Exact, RoutePath.Prefix {

    /** The value as configured. */
    String value();

    /** {@code path}: the request path equals {@code value}, byte for byte. */
    record Exact(String value) implements RoutePath {
    }

    /**
     * {@code path_prefix}: the request path starts with {@code value} at a segment boundary; a
     * trailing slash on {@code value} is ignored.
     */
    record Prefix(String value) implements RoutePath {
        /** The prefix without its trailing slash ({@code /} stays {@code /}), as matching uses it. */
        public String normalized() {
            return PathMatch.withoutTrailingSlash(value);
        }
    }
}
