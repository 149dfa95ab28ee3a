package io.jpraxis.core.balance;

import io.jpraxis.core.upstream.EndpointState;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which endpoints of a cluster a balancer may pick now: the healthy ones, or every endpoint in
 * panic mode when none is healthy (an all-unhealthy cluster is still served, never refused with 503
 * for that reason; see docs/behaviour/clusters.md#health-checks).
 *
 * <p>Health changes rarely and picks are constant, so the set is a cached immutable
 * {@link Snapshot} that each pick validates with one volatile read per endpoint, rebuilding it
 * only after a change. The strategy's own derived data (a schedule, a weight line) is built with
 * the snapshot, so a pick never allocates while health is steady. Updates are a compare-and-set:
 * no locks, and the panic warning is logged once per transition by the thread whose update won.
 *
 * <p>With a {@link SlowStartRamp} the snapshot also holds the ramped weights: it is rebuilt when an
 * endpoint's ramp starts and, while one ramps, once per step of the window (one clock read per pick).
 *
 * @param <T> what the strategy derives from the eligible endpoints
 */
final class HealthTracker<T> {
    private static final Logger log = LoggerFactory.getLogger(HealthTracker.class);

    private final String cluster;
    private final EndpointState[] endpoints;
    private final Function<Pickable, T> derive;
    private final SlowStartRamp ramp;
    private final AtomicReference<Snapshot<T>> current;
    /** Entries into panic mode so far; one warning was logged for each. */
    private final AtomicLong panicEntries = new AtomicLong();

    /**
     * @param derive builds the strategy's data from the endpoints a pick may return, with their weights
     */
    HealthTracker(String cluster, List<EndpointState> endpoints, Function<Pickable, T> derive) {
        this(cluster, endpoints, null, derive);
    }

    /** @param ramp the cluster's slow-start ramp; null: configured weights */
    HealthTracker(String cluster, List<EndpointState> endpoints, SlowStartRamp ramp, Function<Pickable, T> derive) {
        this.cluster = cluster;
        this.endpoints = endpoints.toArray(EndpointState[]::new);
        this.derive = derive;
        this.ramp = ramp;
        this.current = new AtomicReference<>(build());
        if (current.get().panic()) {
            logPanic();
        }
    }

    /** The eligible endpoints as of now. */
    Snapshot<T> snapshot() {
        Snapshot<T> seen = current.get();
        if (seen.matches(endpoints, ramp)) {
            return seen;
        }
        Snapshot<T> fresh = build();
        if (current.compareAndSet(seen, fresh) && fresh.panic() != seen.panic()) {
            if (fresh.panic()) {
                logPanic();
            } else {
                log.info("cluster '{}': left panic mode, {} of {} endpoint(s) healthy again", cluster,
                        fresh.eligible().length, endpoints.length);
            }
        }
        return fresh;
    }

    /** How many times the cluster entered panic mode (each logged once). */
    long panicEntries() {
        return panicEntries.get();
    }

    private void logPanic() {
        panicEntries.incrementAndGet();
        log.warn("cluster '{}': no healthy endpoint; panic mode routes to all {} endpoint(s) until one recovers",
                cluster, endpoints.length);
    }

    private Snapshot<T> build() {
        boolean[] healthy = new boolean[endpoints.length];
        int count = 0;
        for (int i = 0; i < endpoints.length; i++) {
            healthy[i] = endpoints[i].healthy();
            count += healthy[i] ? 1 : 0;
        }
        boolean panic = count == 0;
        int[] eligible = new int[panic ? endpoints.length : count];
        for (int i = 0, j = 0; i < endpoints.length; i++) {
            if (panic || healthy[i]) {
                eligible[j++] = i;
            }
        }
        if (ramp == null) {
            Pickable pickable = Pickable.configured(endpoints, eligible, false);
            return new Snapshot<>(healthy, eligible, panic, pickable.indices(), derive.apply(pickable), null,
                    Long.MAX_VALUE);
        }
        long[] starts = new long[endpoints.length];
        for (int i = 0; i < endpoints.length; i++) {
            starts[i] = endpoints[i].rampStartNanos();
        }
        SlowStartRamp.Weighing weighing = ramp.weigh(endpoints, eligible, ramp.now());
        return new Snapshot<>(healthy, eligible, panic, weighing.pickable().indices(),
                derive.apply(weighing.pickable()), starts, weighing.validUntil());
    }

    /**
     * One view of a cluster's health.
     *
     * @param healthy each endpoint's health when the snapshot was taken, in config order
     * @param eligible indices of the endpoints a pick may return, ascending; all of them in panic
     * @param panic whether no endpoint was healthy
     * @param picks indices of the endpoints a weighted pick may return: {@code eligible} less those a
     *     slow-start ramp holds at no weight yet
     * @param derived the strategy's data for {@code picks}
     * @param rampStarts each endpoint's ramp start when the snapshot was taken; null without a ramp
     * @param validUntil the ramp clock reading from which the ramped weights are stale
     */
    record Snapshot<T>(boolean[] healthy, int[] eligible, boolean panic, int[] picks, T derived, long[] rampStarts,
            long validUntil) {

        /** Whether endpoint {@code index} may be picked. */
        boolean isEligible(int index) {
            return panic || healthy[index];
        }

        private boolean matches(EndpointState[] endpoints, SlowStartRamp ramp) {
            for (int i = 0; i < endpoints.length; i++) {
                if (endpoints[i].healthy() != healthy[i]) {
                    return false;
                }
            }
            return ramp == null || rampUnchanged(endpoints, ramp);
        }

        private boolean rampUnchanged(EndpointState[] endpoints, SlowStartRamp ramp) {
            for (int i = 0; i < endpoints.length; i++) {
                if (endpoints[i].rampStartNanos() != rampStarts[i]) {
                    return false;
                }
            }
            return validUntil == Long.MAX_VALUE || ramp.now() - validUntil < 0;
        }
    }
}
