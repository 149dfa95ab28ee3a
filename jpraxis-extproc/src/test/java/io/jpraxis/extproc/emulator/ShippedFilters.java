package io.jpraxis.extproc.emulator;

import io.jpraxis.ai.AiFilters;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.filters.BuiltInFilters;
import java.util.ArrayList;
import java.util.List;

/**
 * The filter types the gateway ships (the built-ins and the AI routing filters), for tests of this
 * module: the wiring module holds the real list and passes it in, and this module cannot depend on
 * the wiring module.
 */
public final class ShippedFilters {
    private ShippedFilters() {
    }

    /** A registry of every shipped filter type. */
    public static FilterRegistry registry() {
        List<FilterFactory<?>> all = new ArrayList<>(BuiltInFilters.all());
        all.addAll(AiFilters.all());
        return FilterRegistry.withBuiltIns(all);
    }
}
