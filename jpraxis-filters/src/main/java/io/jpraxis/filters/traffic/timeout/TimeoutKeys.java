package io.jpraxis.filters.traffic.timeout;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of a {@code timeout} entry. */
public final class TimeoutKeys {
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Bounds the time until the response starts.",
            key("timeout_ms", KeyType.integer(1, TimeoutFactory.MAX_TIMEOUT_MS), "The deadline.").asRequired());

    private TimeoutKeys() {
    }
}
