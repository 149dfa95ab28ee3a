package io.jpraxis.store;

import io.jpraxis.core.store.SharedStore;
import io.jpraxis.core.store.SharedStores;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.resource.Delay;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The process's store clients (see docs/behaviour/shared-state.md#one-client-per-process): one
 * {@link LettuceStore} per URL, every one on one small set of Lettuce threads (one I/O thread, one
 * computation thread), so a reload that names the same store keeps its connection. Reconnect
 * backoff doubles from 100 ms to at most 1 s, so service is back within a few seconds of the
 * store.
 */
public final class LettuceStores implements SharedStores, AutoCloseable {
    static final Duration RECONNECT_FIRST = Duration.ofMillis(100);
    static final Duration RECONNECT_CAP = Duration.ofSeconds(1);

    private final Map<String, LettuceStore> stores = new ConcurrentHashMap<>();
    private ClientResources resources; // guarded by this; made on the first store, so a config without one starts no thread

    @Override
    public SharedStore store(String url) {
        return stores.computeIfAbsent(url, u -> new LettuceStore(resources(), u));
    }

    private synchronized ClientResources resources() {
        if (resources == null) {
            resources = DefaultClientResources.builder().ioThreadPoolSize(1).computationThreadPoolSize(1)
                    .reconnectDelay(Delay.exponential(RECONNECT_FIRST, RECONNECT_CAP, 2, TimeUnit.MILLISECONDS))
                    .build();
        }
        return resources;
    }

    /** Every store this process opened, for {@code /ready} and metrics. */
    public List<SharedStore> opened() {
        return List.copyOf(stores.values());
    }

    @Override
    public synchronized void close() {
        stores.values().forEach(LettuceStore::close);
        if (resources != null) {
            resources.shutdown(0, 1, TimeUnit.SECONDS);
        }
    }
}
