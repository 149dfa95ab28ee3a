package io.jpraxis.core.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;

/**
 * The filter types this process can build: built-ins registered explicitly, then any
 * {@link FilterFactory} found by {@link ServiceLoader}. A third-party type may not shadow a built-in.
 */
public final class FilterRegistry {
    /**
     * Praxis filter types jpraxis does not build yet: refused as "not implemented in jpraxis" rather
     * than as unknown names (see docs/behaviour/config-loading.md#diagnostics).
     */
    public static final Set<String> PRAXIS_TYPES_NOT_IMPLEMENTED = Set.of(
            "mcp", "a2a", "tcp_access_log", "sni_router");

    private final Map<String, FilterFactory<?>> factories = new TreeMap<>();

    /** Registers the given built-ins, then third-party factories from the class path. */
    public static FilterRegistry withBuiltIns(List<? extends FilterFactory<?>> builtIns) {
        FilterRegistry registry = new FilterRegistry();
        builtIns.forEach(registry::register);
        for (FilterFactory<?> f : ServiceLoader.load(FilterFactory.class)) {
            if (!registry.factories.containsKey(f.type())) {
                registry.register(f);
            }
        }
        return registry;
    }

    public FilterRegistry register(FilterFactory<?> factory) {
        if (factories.putIfAbsent(factory.type(), factory) != null) {
            throw new IllegalStateException("filter type registered twice: " + factory.type());
        }
        return this;
    }

    public Optional<FilterFactory<?>> find(String type) {
        return Optional.ofNullable(factories.get(type));
    }

    /** Registered type names, sorted. */
    public List<String> types() {
        return new ArrayList<>(factories.keySet());
    }
}
