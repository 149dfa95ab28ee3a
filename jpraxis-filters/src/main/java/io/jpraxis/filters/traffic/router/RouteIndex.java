package io.jpraxis.filters.traffic.router;

import io.jpraxis.core.condition.PathMatch;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the routes whose path can match a request without trying every route: exact paths by
 * hash, prefixes by looking up each segment-boundary prefix of the request path, longest first.
 * Candidates come out in the table's match order (exact, then longer prefix, then more
 * constraints, then declaration), so the first candidate whose host and headers also match is
 * the route a linear scan would find. A lookup allocates nothing.
 */
final class RouteIndex {
    private static final CompiledRoute[] NONE = new CompiledRoute[0];

    private final Map<String, CompiledRoute[]> exact;
    private final String[] prefixKeys;
    private final CompiledRoute[][] prefixRoutes;
    private final int mask;
    private final CompiledRoute[] root;

    /** @param ordered every route, most specific first */
    RouteIndex(CompiledRoute[] ordered) {
        Map<String, List<CompiledRoute>> exactLists = new LinkedHashMap<>();
        Map<String, List<CompiledRoute>> prefixLists = new LinkedHashMap<>();
        List<CompiledRoute> rootList = new ArrayList<>();
        for (CompiledRoute route : ordered) {
            if (route.isExact()) {
                exactLists.computeIfAbsent(route.path(), p -> new ArrayList<>()).add(route);
                continue;
            }
            // Keyed as PathMatch compares: it drops a trailing slash of its own, so a configured
            // "/v1//" (stored as "/v1/") acts as "/v1".
            String prefix = PathMatch.withoutTrailingSlash(route.path());
            if (prefix.equals("/")) {
                rootList.add(route);
            } else {
                prefixLists.computeIfAbsent(prefix, p -> new ArrayList<>()).add(route);
            }
        }
        this.exact = new HashMap<>();
        exactLists.forEach((path, routes) -> exact.put(path, routes.toArray(CompiledRoute[]::new)));
        int capacity = Integer.highestOneBit(Math.max(4, prefixLists.size() * 2) - 1) << 1;
        this.mask = capacity - 1;
        this.prefixKeys = new String[capacity];
        this.prefixRoutes = new CompiledRoute[capacity][];
        prefixLists.forEach((prefix, routes) -> {
            int slot = spread(prefix.hashCode()) & mask;
            while (prefixKeys[slot] != null) {
                slot = (slot + 1) & mask;
            }
            prefixKeys[slot] = prefix;
            prefixRoutes[slot] = routes.toArray(CompiledRoute[]::new);
        });
        this.root = rootList.toArray(CompiledRoute[]::new);
    }

    /** Routes with exactly {@code path}, in match order. */
    CompiledRoute[] exact(String path) {
        CompiledRoute[] routes = exact.get(path);
        return routes == null ? NONE : routes;
    }

    /**
     * Routes whose prefix is {@code path}'s first {@code length} characters (a segment-boundary
     * prefix other than {@code /}), in match order.
     */
    CompiledRoute[] prefix(String path, int length) {
        int hash = 0;
        for (int i = 0; i < length; i++) {
            hash = 31 * hash + path.charAt(i); // String.hashCode of the prefix, without making it
        }
        for (int slot = spread(hash) & mask; prefixKeys[slot] != null; slot = (slot + 1) & mask) {
            String key = prefixKeys[slot];
            if (key.length() == length && path.startsWith(key)) {
                return prefixRoutes[slot];
            }
        }
        return NONE;
    }

    /** Routes with prefix {@code /}, which every origin-form path matches. */
    CompiledRoute[] root() {
        return root;
    }

    private static int spread(int h) {
        return h ^ (h >>> 16);
    }
}
