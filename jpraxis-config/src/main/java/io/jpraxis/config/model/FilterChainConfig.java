package io.jpraxis.config.model;

import java.util.List;

/** A named, reusable list of filter entries; {@code conditions} gate every entry of the chain. */
public record FilterChainConfig(String name, List<ConditionConfig> conditions, List<FilterEntryConfig> filters,
        SourceRef source) {
    public FilterChainConfig {
        conditions = List.copyOf(conditions);
        filters = List.copyOf(filters);
    }
}
