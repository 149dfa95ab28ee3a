package io.jpraxis.filters.iterative;

import io.jpraxis.config.model.FilterEntryConfig;
import java.util.List;

/** One named step: the filters of its nested pipeline and the rules that decide what follows it. */
public record StepConfig(String name, List<FilterEntryConfig> filters, List<TransitionRule> onResult) {

    public StepConfig {
        filters = List.copyOf(filters);
        onResult = List.copyOf(onResult);
    }
}
