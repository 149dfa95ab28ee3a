package io.jpraxis.core.context;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The limits (see docs/behaviour/branches.md#filter-results): keys 1..64 of [A-Za-z0-9_-], values
 * up to 256 bytes without controls but TAB, 128 keys.
 */
class FilterResultsTest {
    @Test
    void keysFollowTheNameRule() {
        FilterResults results = new FilterResults();
        assertThat(results.put("f", "k".repeat(64), "v")).isEmpty();
        assertThat(results.put("f", "k".repeat(65), "v")).as("65 bytes").isPresent();
        assertThat(results.put("f", "", "v")).as("empty").isPresent();
        assertThat(results.put("f", "a.b", "v")).as("a dot").isPresent();
        assertThat(results.put("f", "kéy", "v")).as("non-ASCII letter").isPresent();
    }

    @Test
    void valuesAreBoundedInBytesAndFreeOfControls() {
        FilterResults results = new FilterResults();
        assertThat(results.put("f", "empty", "")).as("an empty value is allowed").isEmpty();
        assertThat(results.put("f", "max", "v".repeat(256))).isEmpty();
        assertThat(results.put("f", "long", "v".repeat(257))).isPresent();
        assertThat(results.put("f", "multibyte", "é".repeat(129))).as("258 bytes in 129 characters").isPresent();
        assertThat(results.put("f", "tab", "a\tb")).isEmpty();
        assertThat(results.put("f", "newline", "a\nb")).isPresent();
        assertThat(results.put("f", "del", "a\u007fb")).isPresent();
    }

    @Test
    void atMost128DistinctKeysButOverwritesStayAllowed() {
        FilterResults results = new FilterResults();
        for (int i = 0; i < 128; i++) {
            assertThat(results.put("f", "k" + i, "v")).isEmpty();
        }
        assertThat(results.put("f", "k128", "v")).as("a 129th key").isPresent();
        assertThat(results.put("f", "k5", "again")).as("overwriting an existing key").isEmpty();
        assertThat(results.get("f", "k5")).hasValue("again");
        assertThat(results.put("g", "k0", "v")).as("another type has its own set").isEmpty();
    }

    @Test
    void twoWritersOfOneTypeShareTheSlot() {
        FilterResults results = new FilterResults();
        results.put("router", "status", "first");
        results.put("router", "status", "second");
        assertThat(results.get("router", "status")).hasValue("second");
    }

    @Test
    void aCopyIsIndependent() {
        FilterResults results = new FilterResults();
        results.put("f", "status", "a");
        FilterResults copy = results.copy();

        results.put("f", "status", "b");
        results.clear();

        assertThat(copy.get("f", "status")).hasValue("a");
        assertThat(results.isEmpty()).isTrue();
    }

    @Test
    void emptyResultsReadEmptyAndStillTakeCopiesMergesAndClears() {
        FilterResults empty = new FilterResults();
        assertThat(empty.isEmpty()).isTrue();
        assertThat(empty.has("f")).isFalse();
        assertThat(empty.get("f", "k")).isEmpty();
        assertThat(empty.filterTypes()).isEmpty();
        empty.clear();

        FilterResults merged = new FilterResults();
        merged.putAll(empty);
        assertThat(merged.isEmpty()).isTrue();
        FilterResults other = new FilterResults();
        other.put("g", "k", "v");
        merged.putAll(other);
        assertThat(merged.get("g", "k")).hasValue("v");
        assertThat(empty.copy().isEmpty()).isTrue();
        FilterResults copy = merged.copy();
        copy.put("g", "k", "w");
        assertThat(merged.get("g", "k")).hasValue("v");
    }
}
