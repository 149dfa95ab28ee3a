package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.SubRequestSettings;
import io.jpraxis.config.model.SubRequestSettings.SubRequestCircuitBreaker;
import io.jpraxis.config.read.MapReader;
import java.util.Optional;

/**
 * Reads the {@code runtime.subrequest_*} keys (see docs/behaviour/config-loading.md#runtime-settings)
 * out of the {@code runtime} block's reader.
 */
final class SubRequestSettingsReader {
    /** Praxis's bound on the idle pool of the sub-request connector. */
    static final int MAX_POOL_SIZE = 10_000;
    private static final long MAX_BREAKER_VALUE = 4_294_967_295L;

    static final ObjectDescriptor BREAKER_KEYS = ObjectDescriptor.of("The circuit breaker of sub-request endpoints.",
            key("consecutive_failures", KeyType.integer(1, Integer.MAX_VALUE), "Transport failures in a row "
                    + "(connect, I/O, deadline) to one endpoint that open its circuit.").asRequired(),
            key("recovery_window_secs", KeyType.integer(1, MAX_BREAKER_VALUE), "Seconds an open circuit "
                    + "refuses sub-requests (transport error circuit_open) before it lets one probe through.")
                    .asRequired(),
            key("half_open_timeout_secs", KeyType.integer(1, MAX_BREAKER_VALUE), "Seconds the probe may go "
                    + "without an outcome before the circuit opens again.")
                    .withDefault(SubRequestCircuitBreaker.DEFAULT_HALF_OPEN_TIMEOUT_SECS));

    private SubRequestSettingsReader() {
    }

    static SubRequestSettings read(MapReader r) {
        Integer max = r.integer("subrequest_max_connections").map(Long::intValue).orElse(null);
        int pool = r.integer("subrequest_pool_size").map(Long::intValue).orElse(SubRequestSettings.DEFAULT_POOL_SIZE);
        SubRequestCircuitBreaker breaker = r.map("subrequest_circuit_breaker", BREAKER_KEYS)
                .flatMap(SubRequestSettingsReader::breaker).orElse(null);
        return new SubRequestSettings(max, pool, breaker);
    }

    private static Optional<SubRequestCircuitBreaker> breaker(MapReader b) {
        boolean complete = b.require("consecutive_failures") & b.require("recovery_window_secs");
        Optional<Long> failures = b.integer("consecutive_failures");
        Optional<Long> window = b.integer("recovery_window_secs");
        long halfOpen = b.integer("half_open_timeout_secs")
                .orElse(SubRequestCircuitBreaker.DEFAULT_HALF_OPEN_TIMEOUT_SECS);
        b.finish();
        if (!complete || failures.isEmpty() || window.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new SubRequestCircuitBreaker(failures.get().intValue(), window.get(), halfOpen));
    }
}
