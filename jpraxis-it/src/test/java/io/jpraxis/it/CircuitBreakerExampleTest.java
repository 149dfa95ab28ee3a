package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestClock;
import io.jpraxis.testkit.TestOrigin;
import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * examples/circuit-breaker.yaml end to end: a backend that drops its connections opens the
 * circuit, which then answers 503 without touching it; after the recovery window one probe closes
 * it again. The runtime clock is a test clock, so the 30 s window passes at once.
 */
@Timeout(30)
class CircuitBreakerExampleTest {
    static final String EXAMPLE = "circuit-breaker.yaml";

    private final TestClock clock = new TestClock();
    private final RuntimeServices services = new RuntimeServices(clock, new SplittableRandom(7), IdGenerator.random());

    private static RawResponse get(RunningGateway gw, String path) throws Exception {
        try (RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            return client.send("GET " + path + " HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n")
                    .readResponse();
        }
    }

    private static double gauge(RunningGateway gw) {
        return gw.meters().get("praxis.circuit.breaker.open").tag("cluster", "orders").gauge().value();
    }

    @Test
    void failuresOpenTheCircuitAndAProbeAfterTheWindowClosesIt() throws Exception {
        try (TestOrigin orders = TestOrigin.start("orders"); TestOrigin catalog = TestOrigin.start("catalog");
                RunningGateway gw = RunningGateway.start(Examples.adapted(EXAMPLE,
                        Map.of("127.0.0.1:3001", orders.address(), "127.0.0.1:3002", catalog.address())), services)) {
            assertThat(get(gw, "/orders/1").status()).as("healthy backend").isEqualTo(200);
            orders.failWith(TestOrigin.Failure.CLOSE_WITHOUT_RESPONSE);
            for (int i = 0; i < 3; i++) {
                assertThat(get(gw, "/orders/1").status()).as("no response from the backend: 502").isEqualTo(502);
            }
            assertThat(gauge(gw)).as("three failures in a row open the circuit").isEqualTo(1);
            int reached = orders.requestCount();
            RawResponse refused = get(gw, "/orders/2");
            assertThat(refused.status()).isEqualTo(503);
            assertThat(refused.header("x-circuit-state")).isEqualTo("open");
            assertThat(refused.bodyText()).contains("circuit open");
            assertThat(orders.requestCount()).as("an open circuit does not touch the backend").isEqualTo(reached);
            assertThat(get(gw, "/catalog").status()).as("catalog has no breaker").isEqualTo(200);

            orders.failWith(null);
            clock.advance(Duration.ofSeconds(29));
            assertThat(get(gw, "/orders/3").status()).as("window not over").isEqualTo(503);
            assertThat(orders.requestCount()).isEqualTo(reached);
            clock.advance(Duration.ofSeconds(1));
            assertThat(get(gw, "/orders/4").status()).as("the probe reaches the healed backend").isEqualTo(200);
            assertThat(orders.requestCount()).isEqualTo(reached + 1);
            assertThat(gauge(gw)).as("the probe's success closed the circuit").isZero();
            assertThat(get(gw, "/orders/5").status()).isEqualTo(200);
        }
    }
}
