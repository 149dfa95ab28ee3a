package io.jpraxis.filters.payload.jsonbody;

import io.jpraxis.core.context.Extensions;
import io.jpraxis.core.context.RequestContext;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Per-request JSON values by namespace and key, which {@code json_body} extracts write and its
 * adds and replaces read. Unlike flat metadata the values keep their JSON shape and are not limited
 * to 256 bytes (the body they come from is bounded). Confined to one request, like its context.
 */
public final class StructuredMetadata {
    /** Where a request keeps its structured metadata. */
    public static final Extensions.Key<StructuredMetadata> KEY =
            new Extensions.Key<>("structured_metadata", StructuredMetadata.class);
    /** Distinct namespace/key slots one request may hold. */
    static final int MAX_ENTRIES = 256;

    /** Insertion-ordered for logs and dumps. */
    private final Map<String, Map<String, JsonDoc>> values = new LinkedHashMap<>();
    private int entries;

    /** The request's structured metadata, made on first use. */
    public static StructuredMetadata of(RequestContext ctx) {
        Optional<StructuredMetadata> existing = ctx.extensions().get(KEY);
        if (existing.isPresent()) {
            return existing.get();
        }
        StructuredMetadata made = new StructuredMetadata();
        ctx.extensions().put(KEY, made);
        return made;
    }

    /** The request's structured metadata if any was written. */
    public static Optional<StructuredMetadata> find(RequestContext ctx) {
        return ctx.extensions().get(KEY);
    }

    /**
     * Stores {@code value} under {@code namespace}/{@code key}.
     *
     * @return false when the slot is new and the request already holds {@link #MAX_ENTRIES}
     */
    public boolean put(String namespace, String key, JsonDoc value) {
        Map<String, JsonDoc> ns = values.computeIfAbsent(namespace, n -> new LinkedHashMap<>());
        if (!ns.containsKey(key)) {
            if (entries >= MAX_ENTRIES) {
                return false;
            }
            entries++;
        }
        ns.put(key, value);
        return true;
    }

    /** The value under {@code namespace}/{@code key}, or empty. */
    public Optional<JsonDoc> get(String namespace, String key) {
        return Optional.ofNullable(values.getOrDefault(namespace, Map.of()).get(key));
    }

    /** The entries of {@code namespace}, read-only, in insertion order. */
    public Map<String, JsonDoc> namespace(String namespace) {
        return Collections.unmodifiableMap(values.getOrDefault(namespace, Map.of()));
    }
}
