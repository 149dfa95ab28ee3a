package io.jpraxis.it;

import static io.jpraxis.it.IterativeRouterLimitsTest.IRR;
import static io.jpraxis.it.IterativeRouterLimitsTest.irr;
import static io.jpraxis.it.IterativeRouterLimitsTest.step;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Failover through the real edge's sub-request client (transitions: see
 * docs/behaviour/iterative-router.md#steps-and-transitions): one request walks past a refused
 * connection, a step deadline and a 503 to the step that answers, each failure matched by its own
 * rule.
 */
class IterativeRouterFailoverTest {

    @Test
    void oneRequestFailsOverPastARefusedConnectionAStepTimeoutAndA503() throws Exception {
        String closed = "127.0.0.1:" + TestOrigin.unusedPort();
        try (TestOrigin origin = TestOrigin.start("provider")) {
            String steps = step("refused", closed, Map.of(), """
                    - origin: transport
                      transport_error: connect
                      next: slow
                    """)
                    + step("slow", origin.address(), Map.of("x-step", "slow", "x-origin-delay-ms", "5000"), """
                    - origin: transport
                      transport_error: deadline_exceeded
                      next: busy
                    """)
                    + step("busy", origin.address(), Map.of("x-step", "busy", "x-origin-status", "503"), """
                    - status: [503]
                      origin: upstream
                      next: healthy
                    """)
                    + step("healthy", origin.address(), Map.of("x-step", "healthy"), """
                    - default: true
                      done: true
                    """);
            String yaml = irr("127.0.0.1:0", "initial_step: refused\nstep_timeout_ms: 500\ntimeout_ms: 20000\n", steps);
            try (RunningGateway gw = RunningGateway.start(yaml, IRR);
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                RawResponse r = conn.send("POST /v1/chat/completions HTTP/1.1\r\nHost: test\r\n"
                        + "Authorization: Bearer client\r\nContent-Length: 7\r\n\r\n{\"q\":1}").readResponse();
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.echo().header("x-step")).isEqualTo("healthy");
                assertThat(r.echo().bodyBytes()).as("every step resends the client's body").isEqualTo(7);
                assertThat(r.echo().hasHeader("authorization")).as("steps start with empty headers").isFalse();
                assertThat(origin.requestHeads()).extracting(h -> h.get("x-step"))
                        .as("the refused step never reached an origin").containsExactly("slow", "busy", "healthy");
            }
        }
    }

    @Test
    void withNoRuleForTheFailureTheStepsTransportStatusIsTheAnswer() throws Exception {
        String closed = "127.0.0.1:" + TestOrigin.unusedPort();
        String yaml = irr("127.0.0.1:0", "initial_step: refused\n", step("refused", closed, Map.of(), """
                - status: [503]
                  next: refused
                """));
        try (RunningGateway gw = RunningGateway.start(yaml, IRR);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.get("/v1/chat/completions");
            assertThat(r.status()).as("a connect failure surfaces as 502 when no rule takes it").isEqualTo(502);
        }
    }
}
