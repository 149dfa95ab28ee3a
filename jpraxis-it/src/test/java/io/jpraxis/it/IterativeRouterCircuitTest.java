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
import org.junit.jupiter.api.Timeout;

/**
 * A circuit_breaker inside an iterative_request_router step (see
 * docs/behaviour/iterative-router.md#steps-and-transitions): its sub-request outcomes count, and
 * once open its refusal is the transport error {@code circuit_open}, which {@code on_result} can
 * fail over on.
 */
@Timeout(30)
class IterativeRouterCircuitTest {

    /** A step to {@code endpoint} whose circuit_breaker opens after one failure, then {@code rules}. */
    private static String guarded(String endpoint, String rules) {
        return """
                - name: primary
                  filters:
                    - filter: router
                      routes:
                        - path_prefix: "/"
                          cluster: primary_cluster
                    - filter: circuit_breaker
                      clusters:
                        - name: primary_cluster
                          consecutive_failures: 1
                          recovery_window_secs: 600
                    - filter: load_balancer
                      clusters:
                        - name: primary_cluster
                          endpoints: ["%s"]
                  on_result:
                """.formatted(endpoint) + rules.indent(4);
    }

    static RawResponse get(RunningGateway gw) throws Exception {
        try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            return conn.send("GET /v1/models HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n").readResponse();
        }
    }

    private static double gauge(RunningGateway gw) {
        return gw.meters().get("praxis.circuit.breaker.open").tag("cluster", "primary_cluster").tag("listener", "it")
                .gauge().value();
    }

    @Test
    void aRefusedConnectOpensTheStepsCircuitAndCircuitOpenFailsOverToTheNextStep() throws Exception {
        String closed = "127.0.0.1:" + TestOrigin.unusedPort();
        try (TestOrigin fallback = TestOrigin.start("fallback")) {
            String steps = guarded(closed, """
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
            try (RunningGateway gw = RunningGateway.start(irr("127.0.0.1:0", "initial_step: primary\n", steps), IRR)) {
                assertThat(get(gw).status()).as("the refused connect is the answer, and counts as a failure")
                        .isEqualTo(502);
                RawResponse r = get(gw);
                assertThat(r.status()).as("the open circuit matched circuit_open and moved on").isEqualTo(200);
                assertThat(r.echo().header("x-step")).isEqualTo("secondary");
                assertThat(fallback.requestCount()).isEqualTo(1);
            }
        }
    }

    @Test
    void withNoRuleForItTheOpenCircuitAnswers503WithItsStateHeader() throws Exception {
        try (TestOrigin origin = TestOrigin.builder("primary").fixed(500, "text/plain", "boom").start()) {
            String steps = guarded(origin.address(), """
                    - status: [503]
                      origin: local
                      next: primary
                    """);
            try (RunningGateway gw = RunningGateway.start(irr("127.0.0.1:0", "initial_step: primary\n", steps), IRR)) {
                assertThat(gauge(gw)).as("the step's breaker gauge, published with the listener's").isZero();
                assertThat(get(gw).status()).as("the origin's 500 opens the circuit").isEqualTo(500);
                assertThat(gauge(gw)).as("open").isEqualTo(1.0);
                RawResponse r = get(gw);
                assertThat(r.status()).as("origin: local does not match a circuit_open: no loop, the 503 answers")
                        .isEqualTo(503);
                assertThat(r.header("x-circuit-state")).as("the step's response hooks ran on its refusal")
                        .isEqualTo("open");
                assertThat(origin.requestCount()).isEqualTo(1);
            }
        }
    }
}
