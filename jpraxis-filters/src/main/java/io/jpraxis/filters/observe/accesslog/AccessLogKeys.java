package io.jpraxis.filters.observe.accesslog;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of an {@code access_log} entry. */
public final class AccessLogKeys {
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Writes one access log line per sampled exchange.",
            key("sample_rate", new KeyType.Num(0, 1, AccessLogFactory.SAMPLE_RATE_EXPECTATION),
                    "Share of exchanges logged.").withDefault("1"))
            // A conditions map is Praxis's emit-time filter on access_log (see
            // docs/behaviour/config-loading.md#filter-entries): refused by name, not as unknown.
            .withNotImplemented("conditions");

    private AccessLogKeys() {
    }
}
