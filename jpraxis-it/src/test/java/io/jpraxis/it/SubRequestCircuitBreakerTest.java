package io.jpraxis.it;

import static io.jpraxis.it.IterativeRouterCircuitTest.get;
import static io.jpraxis.it.IterativeRouterLimitsTest.IRR;
import static io.jpraxis.it.IterativeRouterLimitsTest.irr;
import static io.jpraxis.it.IterativeRouterLimitsTest.step;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code runtime.subrequest_circuit_breaker} (see
 * docs/behaviour/iterative-router.md#the-sub-request-circuit-breaker): transport failures to one
 * sub-request endpoint open its circuit, and then its sub-requests fail as {@code circuit_open}
 * without a connection attempt; an origin's 5xx is an answer and opens nothing.
 */
@Timeout(30)
class SubRequestCircuitBreakerTest {
    private static final String RUNTIME = """
            runtime:
              subrequest_circuit_breaker:
                consecutive_failures: 2
                recovery_window_secs: 600
            """;

    @Test
    void twoRefusedConnectsOpenTheEndpointsCircuitAndCircuitOpenFailsOver() throws Exception {
        String closed = "127.0.0.1:" + TestOrigin.unusedPort();
        try (TestOrigin fallback = TestOrigin.start("fallback")) {
            String steps = step("primary", closed, Map.of(), """
                    - origin: transport
                      transport_error: circuit_open
                      next: secondary
                    - origin: transport
                      transport_error: connect
                      done: true
                    """) + step("secondary", fallback.address(), Map.of("x-step", "secondary"), """
                    - default: true
                      done: true
                    """);
            try (RunningGateway gw = RunningGateway.start(irr("127.0.0.1:0", "initial_step: primary\n", steps)
                    + RUNTIME, IRR)) {
                assertThat(get(gw).status()).as("first refused connect: its own answer").isEqualTo(502);
                assertThat(get(gw).status()).as("second refused connect: still closed until it counts").isEqualTo(502);
                RawResponse r = get(gw);
                assertThat(r.status()).as("the open circuit is circuit_open, and the rule moves on").isEqualTo(200);
                assertThat(r.echo().header("x-step")).isEqualTo("secondary");
                assertThat(fallback.requestCount()).isEqualTo(1);
            }
        }
    }

    @Test
    void anOriginsFiveHundredsAreAnswersAndNeverOpenTheCircuit() throws Exception {
        try (TestOrigin failing = TestOrigin.builder("failing").fixed(500, "text/plain", "boom").start()) {
            String steps = step("only", failing.address(), Map.of(), """
                    - default: true
                      done: true
                    """);
            try (RunningGateway gw = RunningGateway.start(irr("127.0.0.1:0", "initial_step: only\n", steps) + RUNTIME,
                    IRR)) {
                for (int i = 0; i < 4; i++) {
                    assertThat(get(gw).status()).as("request %d reaches the origin", i).isEqualTo(500);
                }
                assertThat(failing.requestCount()).isEqualTo(4);
            }
        }
    }
}
