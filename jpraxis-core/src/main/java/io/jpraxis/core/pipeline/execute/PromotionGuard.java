package io.jpraxis.core.pipeline.execute;

import io.jpraxis.core.http.HeaderMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * At pre-read, two filters that promote different values to a header some condition reads would
 * make the request's routing depend on their order; the request fails closed (500; see
 * docs/behaviour/conditions.md#request-conditions). Watches only the conditioned headers, which are
 * few, by comparing their values around each call.
 */
final class PromotionGuard {
    private static final Logger log = LoggerFactory.getLogger(PromotionGuard.class);

    private final List<String> names;
    private final List<List<String>> before;
    /** Conditioned header to the filter type that promoted it and the values it left. */
    private final Map<String, Map.Entry<String, List<String>>> promoted = new HashMap<>();

    private PromotionGuard(List<String> names, HeaderMap headers) {
        this.names = names;
        this.before = names.stream().map(headers::getAll).toList();
    }

    /** A guard over {@code conditioned}, or null when no condition reads a header. */
    static PromotionGuard of(Set<String> conditioned, HeaderMap headers) {
        return conditioned.isEmpty() ? null : new PromotionGuard(List.copyOf(conditioned), headers);
    }

    /** After {@code filterType}'s hook: false when it overwrote another filter's different promotion. */
    boolean check(String filterType, HeaderMap headers) {
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            List<String> now = headers.getAll(name);
            List<String> earlier = promoted.containsKey(name) ? promoted.get(name).getValue() : before.get(i);
            if (now.equals(earlier)) {
                continue;
            }
            Map.Entry<String, List<String>> first = promoted.get(name);
            if (first != null) {
                log.error("pre-read filters {} and {} promoted different values to header {}, which a condition "
                        + "reads; failing the request", first.getKey(), filterType, name);
                return false;
            }
            promoted.put(name, Map.entry(filterType, List.copyOf(now)));
        }
        return true;
    }
}
