package io.jpraxis.it;

import static io.jpraxis.it.IterativeRouterLimitsTest.IRR;
import static io.jpraxis.it.IterativeRouterLimitsTest.irr;
import static io.jpraxis.it.IterativeRouterLimitsTest.step;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.TestOrigin;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a Grafana user sees of an iterative_request_router (see
 * docs/behaviour/iterative-router.md#metrics): step exchanges by step, serving cluster and origin,
 * failovers by step, next step and origin, and the request attributed to the cluster of the step
 * that answered it rather than to no cluster.
 */
@Timeout(30)
class IterativeRouterMetricsTest {

    private static double count(MeterRegistry meters, String name, String... tags) {
        return meters.get(name).tags(tags).functionCounter().count();
    }

    @Test
    void aFailoverIsCountedByStepAndTheRequestIsAttributedToTheClusterThatServedIt() throws Exception {
        try (TestOrigin primary = TestOrigin.builder("primary").fixed(503, "text/plain", "busy").start();
                TestOrigin secondary = TestOrigin.start("secondary")) {
            String steps = step("primary", primary.address(), Map.of(), """
                    - status: [503]
                      origin: upstream
                      next: secondary
                    - default: true
                      done: true
                    """) + step("secondary", secondary.address(), Map.of(), """
                    - default: true
                      done: true
                    """);
            try (RunningGateway gw = RunningGateway.start(irr("127.0.0.1:0", "initial_step: primary\n", steps), IRR);
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                assertThat(conn.get("/v1/chat/completions").status()).isEqualTo(200);
                MeterRegistry m = gw.meters();
                assertThat(count(m, "jpraxis.irr.step.exchanges", "step", "primary", "cluster", "primary_cluster",
                        "origin", "upstream")).isEqualTo(1);
                assertThat(count(m, "jpraxis.irr.step.exchanges", "step", "secondary", "cluster",
                        "secondary_cluster", "origin", "upstream")).isEqualTo(1);
                assertThat(count(m, "jpraxis.irr.failovers", "step", "primary", "next", "secondary", "origin",
                        "upstream")).as("the 503 moved the request on").isEqualTo(1);
                assertThat(m.get("jpraxis.requests").tag("cluster", "secondary_cluster").counter().count())
                        .as("the request is the secondary cluster's, not 'none'").isEqualTo(1);
            }
        }
    }
}
