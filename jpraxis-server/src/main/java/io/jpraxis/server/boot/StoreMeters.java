package io.jpraxis.server.boot;

import io.jpraxis.core.store.SharedStore;
import io.jpraxis.core.store.SharedStores;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The shared stores' health on {@code /metrics} (see docs/behaviour/shared-state.md#metrics): calls,
 * failed calls and whether the client is connected, per store (its address without a password),
 * for each store the config opened when the gateway started.
 */
final class StoreMeters {
    private StoreMeters() {
    }

    static void register(MeterRegistry meters, SharedStores stores) {
        for (SharedStore store : stores.opened()) {
            String name = store.describe();
            // The store is held by the process's client, so the registry's weak reference stays valid.
            FunctionCounter.builder("jpraxis.store.calls", store, s -> s.health().calls())
                    .description("Calls to a shared store").tag("store", name).register(meters);
            FunctionCounter.builder("jpraxis.store.failures", store, s -> s.health().failures())
                    .description("Shared store calls that failed (unreachable, refused, late, bad reply)")
                    .tag("store", name).register(meters);
            Gauge.builder("jpraxis.store.connected", store, s -> s.health().connected() ? 1 : 0)
                    .description("1 while the client holds a working connection to the store").tag("store", name)
                    .register(meters);
        }
    }
}
