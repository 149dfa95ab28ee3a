package io.jpraxis.core.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.config.model.EndpointConfig;
import io.jpraxis.config.model.HashSizing;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.model.SlowStartConfig;
import io.jpraxis.config.model.SourceRef;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Which endpoints a reload starts ramping, and which keep the ramp they had. */
class SlowStartInheritanceTest {
    private static final SlowStartConfig RAMP = new SlowStartConfig(10_000, 1);
    private final AtomicLong clock = new AtomicLong(7_000);

    @Test
    void atStartupEveryEndpointIsTheBaseline() {
        ClusterStates first = generation(RAMP, "10.0.0.1", "10.0.0.2");

        assertThat(first.all().getFirst().endpoints()).as("nothing ramps before a reload")
                .allSatisfy(e -> assertThat(e.rampStartNanos()).isEqualTo(EndpointState.NOT_RAMPING));
    }

    @Test
    void aReloadRampsTheEndpointItAddsAndKeepsTheOthersAtFullWeight() {
        ClusterStates before = generation(RAMP, "10.0.0.1");
        clock.set(9_000);
        ClusterStates after = generation(RAMP, "10.0.0.1", "10.0.0.2");

        assertThat(after.inheritSlowStart(before)).as("one endpoint joins").isEqualTo(1);
        assertThat(ramp(after, "10.0.0.1:80")).as("kept: no ramp").isEqualTo(EndpointState.NOT_RAMPING);
        assertThat(ramp(after, "10.0.0.2:80")).as("added: ramps from the reload").isEqualTo(9_000);
    }

    @Test
    void aRampInProgressKeepsItsStartAcrossAReload() {
        ClusterStates first = generation(RAMP, "10.0.0.1");
        ClusterStates second = generation(RAMP, "10.0.0.1", "10.0.0.2");
        second.inheritSlowStart(first);
        clock.set(50_000);
        ClusterStates third = generation(RAMP, "10.0.0.1", "10.0.0.2", "10.0.0.3");

        assertThat(third.inheritSlowStart(second)).as("only the third address is new").isEqualTo(1);
        assertThat(ramp(third, "10.0.0.2:80")).as("the clock it started with").isEqualTo(7_000);
        assertThat(ramp(third, "10.0.0.3:80")).isEqualTo(50_000);
    }

    @Test
    void theReloadThatEnablesSlowStartSetsTheBaseline() {
        ClusterStates without = generation(null, "10.0.0.1");
        ClusterStates with = generation(RAMP, "10.0.0.1", "10.0.0.2");

        assertThat(with.inheritSlowStart(without)).as("enabling it ramps nothing, new endpoints included")
                .isZero();
        assertThat(ramp(with, "10.0.0.2:80")).isEqualTo(EndpointState.NOT_RAMPING);
    }

    @Test
    void aClusterWithoutSlowStartIsLeftAlone() {
        ClusterStates before = generation(RAMP, "10.0.0.1");
        ClusterStates after = generation(null, "10.0.0.1", "10.0.0.2");

        assertThat(after.inheritSlowStart(before)).as("slow start turned off: no ramp").isZero();
    }

    private ClusterStates generation(SlowStartConfig slowStart, String... hosts) {
        ClusterStates states = new ClusterStates(clock::get);
        List<EndpointConfig> endpoints = java.util.Arrays.stream(hosts)
                .map(h -> new EndpointConfig(new HostPort(h, 80), 1)).toList();
        states.stateFor(new ClusterConfig("backend", endpoints, ClusterConfig.LoadBalancerStrategy.ROUND_ROBIN, null,
                HashSizing.DEFAULT, null, null, null, null, null, null, null, ClusterHttpConfig.NONE, null, null, null,
                SourceRef.synthetic("clusters"), slowStart));
        return states;
    }

    private static long ramp(ClusterStates states, String address) {
        return states.all().getFirst().endpoint(address).rampStartNanos();
    }
}
