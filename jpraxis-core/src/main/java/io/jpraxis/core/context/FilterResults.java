package io.jpraxis.core.context;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Results filters publish for branch decisions (see docs/behaviour/branches.md#filter-results): per
 * filter type, string keys to string values. Keys and values are checked here; a violation is
 * returned as an error text for the filter to fail with, never thrown. Two instances of one type
 * share a slot (the later write wins); the pipeline clears everything after each filter's branches
 * were evaluated, so results never reach a later filter, and a new request gets a new context.
 */
public final class FilterResults {
    public static final int MAX_KEYS = 128;
    public static final int MAX_KEY_BYTES = 64;
    public static final int MAX_VALUE_BYTES = 256;

    /** Empty and shared until the first result: most requests publish none. */
    private Map<String, Map<String, String>> byFilterType = Map.of();

    /** Publishes {@code key=value} under {@code filterType}; returns an error text when refused. */
    public Optional<String> put(String filterType, String key, String value) {
        if (!validKey(key)) {
            return Optional.of("result key '" + key + "' (expected: 1 to 64 ASCII letters, digits, '_' or '-')");
        }
        if (!validValue(value)) {
            return Optional.of("result value for '" + key + "' (expected: at most 256 bytes without control characters)");
        }
        Map<String, String> set = writable().computeIfAbsent(filterType, t -> new LinkedHashMap<>());
        if (!set.containsKey(key) && set.size() >= MAX_KEYS) {
            return Optional.of("result key '" + key + "' exceeds " + MAX_KEYS + " keys for " + filterType);
        }
        set.put(key, value);
        return Optional.empty();
    }

    public Optional<String> get(String filterType, String key) {
        Map<String, String> set = byFilterType.get(filterType);
        return set == null ? Optional.empty() : Optional.ofNullable(set.get(key));
    }

    public boolean has(String filterType) {
        return byFilterType.containsKey(filterType);
    }

    public boolean isEmpty() {
        return byFilterType.isEmpty();
    }

    /**
     * Drops every result (after each filter's branch evaluation; see
     * docs/behaviour/branches.md#filter-results).
     */
    public void clear() {
        if (!byFilterType.isEmpty()) {
            byFilterType.clear();
        }
    }

    /** An independent copy: later writes and clears of either do not show in the other. */
    public FilterResults copy() {
        FilterResults copy = new FilterResults();
        byFilterType.forEach((type, set) -> copy.writable().put(type, new LinkedHashMap<>(set)));
        return copy;
    }

    /** Adds every result of {@code other} (already checked there), a later value winning per key. */
    public void putAll(FilterResults other) {
        other.byFilterType.forEach((type, set) ->
                writable().computeIfAbsent(type, t -> new LinkedHashMap<>()).putAll(set));
    }

    private Map<String, Map<String, String>> writable() {
        if (!(byFilterType instanceof LinkedHashMap)) {
            byFilterType = new LinkedHashMap<>();
        }
        return byFilterType;
    }

    public List<String> filterTypes() {
        return new ArrayList<>(byFilterType.keySet());
    }

    static boolean validKey(String key) {
        if (key == null || key.isEmpty() || key.length() > MAX_KEY_BYTES) {
            return false;
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (!(c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '-'))) {
                return false;
            }
        }
        return true;
    }

    static boolean validValue(String value) {
        if (value == null || value.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_VALUE_BYTES) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if ((c < 0x20 && c != '\t') || c == 0x7f) {
                return false;
            }
        }
        return true;
    }
}
