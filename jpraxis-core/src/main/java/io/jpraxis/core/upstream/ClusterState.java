package io.jpraxis.core.upstream;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.EndpointConfig;
import io.jpraxis.config.model.RetryPolicyConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * The live state of one declared cluster: its endpoints' states and the requests in flight to it,
 * which {@code max_connections} caps (503 beyond it; see
 * docs/behaviour/clusters.md#cluster-settings).
 */
public final class ClusterState {
    private final ClusterConfig config;
    private final List<EndpointState> endpoints;
    private final AtomicInteger inFlight = new AtomicInteger();
    /** One bucket per budget shape in use (the cluster's, a route's); most clusters have none. */
    private final Map<RetryPolicyConfig.Budget, RetryTokens> retryTokens = new ConcurrentHashMap<>();

    private final LongSupplier ticker;

    public ClusterState(ClusterConfig config) {
        this(config, System::nanoTime);
    }

    /** @param ticker monotonic nanoseconds for slow-start ramps (a test clock in tests) */
    public ClusterState(ClusterConfig config, LongSupplier ticker) {
        this.config = config;
        this.ticker = ticker;
        List<EndpointState> states = new ArrayList<>(config.endpoints().size());
        for (EndpointConfig e : config.endpoints()) {
            states.add(new EndpointState(new Endpoint(e.address().host(), e.address().port(), e.weight()),
                    config.healthCheck(), ticker));
        }
        this.endpoints = List.copyOf(states);
    }

    /** The clock slow-start ramps of this cluster are measured with. */
    public LongSupplier ticker() {
        return ticker;
    }

    public ClusterConfig config() {
        return config;
    }

    public String name() {
        return config.name();
    }

    /** Every endpoint, in config order. */
    public List<EndpointState> endpoints() {
        return endpoints;
    }

    /** The endpoint at {@code address} ({@code host:port} as configured), or null. */
    public EndpointState endpoint(String address) {
        for (EndpointState e : endpoints) {
            if (e.endpoint().address().equals(address)) {
                return e;
            }
        }
        return null;
    }

    /** How many endpoints are healthy now. */
    public int healthyCount() {
        int n = 0;
        for (EndpointState e : endpoints) {
            if (e.healthy()) {
                n++;
            }
        }
        return n;
    }

    /** Requests in flight to this cluster. */
    public int inFlight() {
        return inFlight.get();
    }

    /**
     * Takes one in-flight slot; false (and nothing taken) when {@code max_connections} is reached.
     * Pair a true result with {@link #releaseSlot()}.
     */
    public boolean tryAcquireSlot() {
        Integer cap = config.maxConnections();
        if (cap == null) {
            inFlight.incrementAndGet();
            return true;
        }
        while (true) {
            int now = inFlight.get();
            if (now >= cap) {
                return false;
            }
            if (inFlight.compareAndSet(now, now + 1)) {
                return true;
            }
        }
    }

    public void releaseSlot() {
        inFlight.decrementAndGet();
    }

    /**
     * The retry budget bucket for {@code budget} (see docs/behaviour/retries.md#retry-budget),
     * made on first use; its capacity follows this cluster's requests in flight.
     */
    public RetryTokens retryTokens(RetryPolicyConfig.Budget budget) {
        return retryTokens.computeIfAbsent(budget, b -> new RetryTokens(b, inFlight::get, System::nanoTime));
    }
}
