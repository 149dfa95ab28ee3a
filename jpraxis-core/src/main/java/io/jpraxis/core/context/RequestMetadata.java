package io.jpraxis.core.context;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Per-request string metadata filters hand to later filters ({@code intelligent_route.cluster},
 * {@code intelligent_route.credential.name}, ...). Bounded, so a filter bug cannot grow a request
 * without limit: a put beyond {@link #MAX_ENTRIES} distinct keys is refused and reported to the
 * caller. Confined to one request, like its context.
 */
public final class RequestMetadata {
    /** Distinct keys one request may hold. */
    public static final int MAX_ENTRIES = 256;

    /** Made on first use: most requests carry none. Insertion-ordered for logs and dumps. */
    private Map<String, String> values;

    /**
     * Sets {@code key} to {@code value}.
     *
     * @return false when the key is new and the request already holds {@link #MAX_ENTRIES} keys
     */
    public boolean put(String key, String value) {
        if (values == null) {
            values = new LinkedHashMap<>(8);
        }
        if (values.size() >= MAX_ENTRIES && !values.containsKey(key)) {
            return false;
        }
        values.put(key, value);
        return true;
    }

    /** The value of {@code key}, or null. */
    public String get(String key) {
        return values == null ? null : values.get(key);
    }

    public void remove(String key) {
        if (values != null) {
            values.remove(key);
        }
    }

    /** Every entry, in insertion order, read-only. */
    public Map<String, String> asMap() {
        return values == null ? Map.of() : Collections.unmodifiableMap(values);
    }
}
