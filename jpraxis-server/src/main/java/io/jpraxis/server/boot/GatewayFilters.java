package io.jpraxis.server.boot;

import io.jpraxis.ai.AiFilters;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.filters.BuiltInFilters;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Every filter type the gateway ships: the core built-ins plus the AI routing filters of
 * {@code jpraxis-ai}, sorted by type name. The wiring registers exactly this list, for the HTTP
 * server and the ext_proc server alike.
 */
public final class GatewayFilters {
    private GatewayFilters() {
    }

    /** A new factory of each shipped type. */
    public static List<FilterFactory<?>> all() {
        List<FilterFactory<?>> all = new ArrayList<>(BuiltInFilters.all());
        all.addAll(AiFilters.all());
        all.sort(Comparator.comparing(FilterFactory::type));
        return List.copyOf(all);
    }
}
