package io.jpraxis.config.model;

import java.util.List;

/**
 * How {@code on_result.result} compares a published value (see
 * docs/behaviour/branches.md#branch-chains); comparisons are case-sensitive. {@code exact}, {@code
 * contains} and {@code any_of} need the key to exist; {@code not} also holds when it is missing.
 */
public sealed interface ResultMatch permits ResultMatch.Exact, ResultMatch.Contains, ResultMatch.Not,
        ResultMatch.AnyOf {

    /** A bare scalar: the value equals it. */
    record Exact(String value) implements ResultMatch {
    }

    /** {@code {contains: x}}: the value holds it as a substring. */
    record Contains(String value) implements ResultMatch {
    }

    /** {@code {not: x}}: the value is absent or differs. */
    record Not(String value) implements ResultMatch {
    }

    /** {@code {any_of: [..]}}: the value equals one of them. */
    record AnyOf(List<String> values) implements ResultMatch {
        public AnyOf {
            values = List.copyOf(values);
        }
    }
}
