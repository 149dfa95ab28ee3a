package io.jpraxis.core.upstream;

import io.jpraxis.config.model.ClusterConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongSupplier;

/**
 * One {@link ClusterState} per declared cluster of a compiled gateway, so every load balancer,
 * the health checker, the proxy and the admin listener see the same health and in-flight counts.
 *
 * <p>Filled while the config compiles (single-threaded), read-only afterwards. A declaration is
 * its own cluster: two load balancers declaring the same name in different places get separate
 * states, since their endpoints may differ.
 */
public final class ClusterStates {
    private final Map<ClusterConfig, ClusterState> byConfig = new LinkedHashMap<>();
    private final LongSupplier ticker;
    private volatile boolean sealed;

    public ClusterStates() {
        this(System::nanoTime);
    }

    /** @param ticker monotonic nanoseconds for slow-start ramps (a test clock in tests) */
    public ClusterStates(LongSupplier ticker) {
        this.ticker = ticker;
    }

    /** The state of {@code cluster}, created on first request. */
    public synchronized ClusterState stateFor(ClusterConfig cluster) {
        ClusterState state = byConfig.get(cluster);
        if (state == null) {
            if (sealed) {
                throw new IllegalStateException("cluster '" + cluster.name() + "' declared after compilation ended");
            }
            state = new ClusterState(cluster, ticker);
            byConfig.put(cluster, state);
        }
        return state;
    }

    /** Stops registration; called when the gateway has compiled. */
    public synchronized void seal() {
        sealed = true;
    }

    /**
     * Carries known-down endpoints over from {@code previous} (the generation a reload replaces):
     * a cluster whose name and {@code health_check} are unchanged keeps each ejected endpoint
     * (matched by address) out of rotation until probes restore it, instead of sending traffic to
     * it while the new probes catch up. Changed clusters and new endpoints start healthy.
     *
     * @return how many endpoints start ejected
     */
    public int inheritHealth(ClusterStates previous) {
        int carried = 0;
        for (ClusterState next : all()) {
            if (next.config().healthCheck() == null) {
                continue;
            }
            ClusterState before = previous.sameHealthCheck(next);
            if (before == null) {
                continue;
            }
            for (EndpointState endpoint : next.endpoints()) {
                EndpointState old = before.endpoint(endpoint.endpoint().address());
                if (old != null && !old.healthy()) {
                    endpoint.inheritEjection();
                    carried++;
                }
            }
        }
        return carried;
    }

    /**
     * Carries slow-start ramps over from {@code previous} (see docs/behaviour/clusters.md#slow-start):
     * in a cluster with {@code slow_start} whose previous generation had it too, an endpoint the
     * previous one lacked starts its ramp now and one it had keeps its ramp's start. A cluster that
     * enables slow start with this reload takes its endpoints as the baseline: none ramps.
     *
     * @return how many endpoints start a ramp now
     */
    public int inheritSlowStart(ClusterStates previous) {
        int started = 0;
        for (ClusterState next : all()) {
            ClusterState before = next.config().slowStart() == null ? null : previous.rampBaseline(next);
            if (before == null) {
                continue;
            }
            long now = next.ticker().getAsLong();
            for (EndpointState endpoint : next.endpoints()) {
                EndpointState old = before.endpoint(endpoint.endpoint().address());
                if (old == null) {
                    endpoint.startRamp(now);
                    started++;
                } else if (old.rampStartNanos() != EndpointState.NOT_RAMPING) {
                    endpoint.startRamp(old.rampStartNanos());
                }
            }
        }
        return started;
    }

    /**
     * The previous state of {@code cluster} with slow start on: the one with the same name and
     * the same endpoint addresses, else the first with the same name; null when none had it.
     */
    private ClusterState rampBaseline(ClusterState cluster) {
        ClusterState sameName = null;
        for (ClusterState candidate : all()) {
            if (!candidate.name().equals(cluster.name()) || candidate.config().slowStart() == null) {
                continue;
            }
            if (addresses(candidate).equals(addresses(cluster))) {
                return candidate;
            }
            sameName = sameName == null ? candidate : sameName;
        }
        return sameName;
    }

    private static Set<String> addresses(ClusterState state) {
        Set<String> out = new TreeSet<>();
        state.endpoints().forEach(e -> out.add(e.endpoint().address()));
        return out;
    }

    /** The first state declared with {@code cluster}'s name and health check, or null. */
    private ClusterState sameHealthCheck(ClusterState cluster) {
        for (ClusterState candidate : all()) {
            if (candidate.name().equals(cluster.name())
                    && Objects.equals(candidate.config().healthCheck(), cluster.config().healthCheck())) {
                return candidate;
            }
        }
        return null;
    }

    /** Every cluster state, in the order the clusters were first declared. */
    public synchronized List<ClusterState> all() {
        return List.copyOf(new ArrayList<>(byConfig.values()));
    }
}
