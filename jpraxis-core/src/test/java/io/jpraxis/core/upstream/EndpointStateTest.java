package io.jpraxis.core.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.HealthCheckConfig;
import io.jpraxis.config.model.HealthCheckConfig.HealthCheckType;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class EndpointStateTest {
    /** Active: 2 good probes restore, 3 bad eject; passive: 2 failed requests eject, 2 good restore. */
    private static final HealthCheckConfig CHECK = new HealthCheckConfig(HealthCheckType.HTTP, "/", 200, 5000, 2000,
            2, 3, 2, 2, "");

    private static EndpointState endpoint(HealthCheckConfig check) {
        return new EndpointState(new Endpoint("10.0.0.1", 80, 1), check);
    }

    @Test
    void passivelyEjectedEndpointNeedsHealthyThresholdFreshProbesToComeBack() {
        EndpointState e = endpoint(CHECK);
        for (int i = 0; i < 5; i++) {
            e.recordProbe(true);
        }
        e.recordRequest(false);
        assertThat(e.recordRequest(false)).as("two failed requests reach passive_unhealthy_threshold").isTrue();
        assertThat(e.healthy()).isFalse();

        assertThat(e.recordProbe(true)).as("one good probe after the ejection is not healthy_threshold (2)").isFalse();
        assertThat(e.healthy()).as("the streak of probes before the ejection must not count").isFalse();
        assertThat(e.recordProbe(true)).as("the second good probe since the ejection restores").isTrue();
        assertThat(e.healthy()).isTrue();
    }

    @Test
    void restoredEndpointNeedsAFullRunOfFailedRequestsToBeEjectedAgain() {
        EndpointState e = endpoint(CHECK);
        e.recordRequest(false);
        e.recordRequest(false);
        assertThat(e.healthy()).isFalse();
        e.recordProbe(true);
        e.recordProbe(true);
        assertThat(e.healthy()).as("restored by two good probes").isTrue();

        assertThat(e.recordRequest(false)).as("one failed request after restoring is below the threshold").isFalse();
        assertThat(e.healthy()).as("failures counted before the restore must not count again").isTrue();
        assertThat(e.recordRequest(false)).isTrue();
        assertThat(e.healthy()).isFalse();
    }

    @Test
    void probeEjectionNeedsUnhealthyThresholdConsecutiveFailures() {
        EndpointState e = endpoint(CHECK);
        e.recordProbe(false);
        e.recordProbe(false);
        e.recordProbe(true);
        e.recordProbe(false);
        e.recordProbe(false);
        assertThat(e.healthy()).as("a good probe in between resets the run of failures").isTrue();
        assertThat(e.recordProbe(false)).as("the third consecutive failure ejects").isTrue();
        assertThat(e.healthy()).isFalse();
    }

    @Test
    void concurrentFailuresReportOneEjection() throws Exception {
        HealthCheckConfig flip = new HealthCheckConfig(HealthCheckType.HTTP, "/", 200, 5000, 2000, 1, 1, 1, 1, "");
        int threads = 4;
        for (int round = 0; round < 200; round++) {
            EndpointState e = endpoint(flip);
            CyclicBarrier start = new CyclicBarrier(threads);
            AtomicInteger reported = new AtomicInteger();
            Thread[] workers = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                boolean probe = t % 2 == 0;
                workers[t] = Thread.ofPlatform().start(() -> {
                    await(start);
                    if (probe ? e.recordProbe(false) : e.recordRequest(false)) {
                        reported.incrementAndGet();
                    }
                });
            }
            for (Thread w : workers) {
                w.join();
            }
            assertThat(reported.get()).as("round %d: one change of health is reported once, by one caller", round)
                    .isEqualTo(1);
            assertThat(e.healthy()).isFalse();
        }
    }

    @Test
    void endpointWithoutHealthCheckStaysHealthy() {
        EndpointState e = endpoint(null);
        for (int i = 0; i < 10; i++) {
            assertThat(e.recordProbe(false)).isFalse();
            assertThat(e.recordRequest(false)).isFalse();
        }
        assertThat(e.healthy()).as("no health_check: nothing ejects").isTrue();
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await();
        } catch (Exception ex) {
            throw new IllegalStateException(ex);
        }
    }
}
