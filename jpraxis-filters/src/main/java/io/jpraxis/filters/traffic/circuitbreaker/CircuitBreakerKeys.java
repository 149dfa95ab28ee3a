package io.jpraxis.filters.traffic.circuitbreaker;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of a {@code circuit_breaker} entry. */
public final class CircuitBreakerKeys {
    static final ObjectDescriptor CLUSTER = ObjectDescriptor.of("The breaker of one cluster.",
            key("name", KeyType.text(), "The cluster, as the router selects it.").asRequired()
                    .withRule("unique in the list"),
            key("consecutive_failures", KeyType.integer(1, CircuitBreakerFactory.MAX_VALUE), "Failures in a row "
                    + "(5xx, or no response from the upstream) that open the circuit.").asRequired(),
            key("recovery_window_secs", KeyType.integer(1, CircuitBreakerFactory.MAX_VALUE), "Seconds an open "
                    + "circuit refuses requests with 503 before it lets one probe through.").asRequired(),
            key("half_open_timeout_secs", KeyType.integer(1, CircuitBreakerFactory.MAX_VALUE), "Seconds the probe "
                    + "may go without an outcome before the circuit opens again.")
                    .withDefault(CircuitBreakerFactory.DEFAULT_HALF_OPEN_TIMEOUT_SECS));

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Stops sending requests to a cluster after "
            + "repeated failures, and lets one probe through after a recovery window.",
            key("clusters", KeyType.listOf(KeyType.object(CLUSTER), 1, null), "The clusters with a breaker; "
                    + "requests to other clusters pass untouched.").asRequired());

    private CircuitBreakerKeys() {
    }
}
