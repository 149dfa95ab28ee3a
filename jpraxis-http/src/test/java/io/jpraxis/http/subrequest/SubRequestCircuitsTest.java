package io.jpraxis.http.subrequest;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.SubRequestSettings.SubRequestCircuitBreaker;
import io.jpraxis.core.circuit.CircuitVerdict;
import io.jpraxis.core.subrequest.SubResponse;
import io.jpraxis.core.subrequest.TransportError;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.testing.TestCluster;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SubRequestCircuitsTest {
    private static final long SECOND = 1_000_000_000L;
    private final AtomicLong now = new AtomicLong(1);
    private final SubRequestCircuits circuits = new SubRequestCircuits(new SubRequestCircuitBreaker(2, 10, 5),
            now::get);

    private static UpstreamTarget target(int port) {
        Endpoint endpoint = new Endpoint("10.0.0.1", port, 1);
        return UpstreamTarget.detached(TestCluster.named("c").build(), endpoint);
    }

    private void fail(UpstreamTarget target) {
        circuits.settle(circuits.admit(target), new SubResponse.Failed(TransportError.CONNECT, "refused"));
    }

    @Test
    void onlyTransportFailuresCount() {
        assertThat(SubRequestCircuits.verdict(new SubResponse.Failed(TransportError.IO, "reset")))
                .isEqualTo(CircuitVerdict.FAILURE);
        assertThat(SubRequestCircuits.verdict(new SubResponse.Failed(TransportError.DEADLINE_EXCEEDED, "slow")))
                .isEqualTo(CircuitVerdict.FAILURE);
        assertThat(SubRequestCircuits.verdict(new SubResponse.Failed(TransportError.ADMISSION_TIMEOUT, "full")))
                .as("never left the gateway").isEqualTo(CircuitVerdict.NONE);
        assertThat(SubRequestCircuits.verdict(new SubResponse.Failed(TransportError.RESPONSE_TOO_LARGE, "big")))
                .as("the origin answered").isEqualTo(CircuitVerdict.NONE);
    }

    @Test
    void eachEndpointHasItsOwnCircuitWhichRecoversThroughOneProbe() {
        fail(target(1));
        fail(target(1));
        assertThat(circuits.admit(target(1)).refused()).as("two failures in a row opened it").isTrue();
        assertThat(circuits.admit(target(2)).refused()).as("another endpoint is untouched").isFalse();
        now.addAndGet(10 * SECOND);
        SubRequestCircuits.Admission probe = circuits.admit(target(1));
        assertThat(probe.refused()).as("the window passed: one probe").isFalse();
        assertThat(circuits.admit(target(1)).refused()).as("one probe at a time").isTrue();
        circuits.settle(probe, new SubResponse.Failed(TransportError.RESPONSE_TOO_LARGE, "an answer"));
        assertThat(circuits.admit(target(1)).refused()).as("no outcome: the next request probes").isFalse();
    }

    @Test
    void closedCircuitsIdleForTenMinutesAreForgotten() {
        circuits.admit(target(1));
        fail(target(2));
        fail(target(2));
        assertThat(circuits.size()).isEqualTo(2);
        now.addAndGet(SubRequestCircuits.IDLE_NANOS + SubRequestCircuits.SWEEP_EVERY_NANOS);
        circuits.admit(target(3));
        assertThat(circuits.size()).as("the open one stays, the idle closed one goes, the new one is added")
                .isEqualTo(2);
    }
}
