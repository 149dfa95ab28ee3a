package io.jpraxis.core.pipeline;

import io.jpraxis.config.model.ResultMatch;
import io.jpraxis.core.context.FilterResults;
import java.util.Optional;

/**
 * A branch's compiled {@code on_result}: reads {@code key} of the results published under {@code
 * filterType} and compares it, case-sensitively (see docs/behaviour/branches.md#branch-chains).
 */
public record ResultMatcher(String filterType, String key, ResultMatch match) {

    /** Whether {@code results} satisfy the condition; only {@code not} holds for a missing key. */
    public boolean matches(FilterResults results) {
        Optional<String> value = results.get(filterType, key);
        return switch (match) {
            case ResultMatch.Exact exact -> value.isPresent() && value.get().equals(exact.value());
            case ResultMatch.Contains contains -> value.isPresent() && value.get().contains(contains.value());
            case ResultMatch.Not not -> value.isEmpty() || !value.get().equals(not.value());
            case ResultMatch.AnyOf anyOf -> value.isPresent() && anyOf.values().contains(value.get());
        };
    }
}
