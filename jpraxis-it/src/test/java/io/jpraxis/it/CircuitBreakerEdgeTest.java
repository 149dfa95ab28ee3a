package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestClock;
import io.jpraxis.testkit.TestOrigin;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** circuit_breaker over real sockets: 5xx answers count, a failed probe re-opens, a refused connect counts. */
@Timeout(30)
class CircuitBreakerEdgeTest {
    private final TestClock clock = new TestClock();
    private final RuntimeServices services = new RuntimeServices(clock, new SplittableRandom(5), IdGenerator.random());

    private static String config(String endpoint) {
        return TestConfigs.pipeline("""
                - filter: router
                  routes:
                    - path_prefix: "/"
                      cluster: api
                - filter: circuit_breaker
                  clusters:
                    - name: api
                      consecutive_failures: 2
                      recovery_window_secs: 5
                - filter: load_balancer
                  clusters:
                    - name: api
                      endpoints: ["%s"]
                """.formatted(endpoint));
    }

    private static RawResponse get(RunningGateway gw) throws Exception {
        try (RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            return client.send("GET / HTTP/1.1\r\nHost: api.example\r\nConnection: close\r\n\r\n").readResponse();
        }
    }

    @Test
    void originFiveHundredsOpenTheCircuitAndAFailedProbeOpensItAgain() throws Exception {
        try (TestOrigin origin = TestOrigin.builder("api").fixed(500, "text/plain", "boom").start();
                RunningGateway gw = RunningGateway.start(config(origin.address()), services)) {
            assertThat(get(gw).status()).isEqualTo(500);
            assertThat(get(gw).status()).as("the origin's 5xx goes to the client").isEqualTo(500);
            assertThat(get(gw).status()).as("two 5xx in a row opened it").isEqualTo(503);
            assertThat(origin.requestCount()).isEqualTo(2);
            clock.advance(Duration.ofSeconds(5));
            assertThat(get(gw).status()).as("the probe reaches the still-failing origin").isEqualTo(500);
            assertThat(origin.requestCount()).isEqualTo(3);
            RawResponse again = get(gw);
            assertThat(again.status()).as("the failed probe re-opened the circuit").isEqualTo(503);
            assertThat(again.header("x-circuit-state")).isEqualTo("open");
            assertThat(origin.requestCount()).isEqualTo(3);
        }
    }

    @Test
    void aRefusedConnectCountsAsAFailure() throws Exception {
        int closedPort = TestOrigin.unusedPort();
        try (RunningGateway gw = RunningGateway.start(config("127.0.0.1:" + closedPort), services)) {
            assertThat(get(gw).status()).as("connect refused: 502").isEqualTo(502);
            assertThat(get(gw).status()).isEqualTo(502);
            assertThat(get(gw).status()).as("attempted connects count").isEqualTo(503);
        }
    }
}
