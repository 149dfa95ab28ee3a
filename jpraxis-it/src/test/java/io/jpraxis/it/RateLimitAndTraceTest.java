package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestClock;
import io.jpraxis.testkit.TestOrigin;
import java.net.InetAddress;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** rate_limit and trace_context from YAML, as {@code serve} builds them, over real sockets to a real origin. */
@Timeout(20)
class RateLimitAndTraceTest {
    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String PARENT = "00f067aa0ba902b7";

    /** Frozen unless a test moves it, so no token comes back while requests are in flight. */
    private final TestClock clock = new TestClock();
    private final RuntimeServices services = new RuntimeServices(clock, new SplittableRandom(3), IdGenerator.random());
    private TestOrigin origin;

    @BeforeEach
    void start() {
        origin = TestOrigin.start("o");
    }

    @AfterEach
    void stop() {
        origin.close();
    }

    private String limited(String limiter) {
        return TestConfigs.pipeline("""
                - filter: trace_context
                %s
                - filter: router
                  routes:
                    - path_prefix: "/"
                      cluster: only
                - filter: load_balancer
                  clusters:
                    - name: only
                      endpoints: ["%s"]
                """.formatted(limiter.strip(), origin.address()));
    }

    @Test
    void globalLimitRefusesEveryClientAfterTheBurstWithHeaders() throws Exception {
        String yaml = limited("""
                - filter: rate_limit
                  mode: global
                  rate: 0.5
                  burst: 3
                """);
        try (RunningGateway gw = RunningGateway.start(yaml, services);
                RawHttpConnection a = RawHttpConnection.open(gw.port());
                RawHttpConnection b = RawHttpConnection.openFrom(InetAddress.getByName("127.0.0.2"), gw.port())) {
            RawResponse first = a.get("/x");
            assertThat(first.status()).isEqualTo(200);
            assertThat(first.header("x-ratelimit-limit")).as("headers on success too").isEqualTo("3");
            assertThat(first.header("x-ratelimit-remaining")).isEqualTo("2");
            long now = services.clock().instant().getEpochSecond();
            assertThat(first.header("x-ratelimit-reset")).as("a token is available now (a Unix time)")
                    .isEqualTo(Long.toString(now));
            assertThat(first.header("retry-after")).isNull();
            assertThat(b.get("/x").status()).isEqualTo(200);
            RawResponse last = a.get("/x");
            assertThat(last.header("x-ratelimit-remaining")).isEqualTo("0");
            assertThat(last.header("x-ratelimit-reset")).as("one token every 2 s").isEqualTo(Long.toString(now + 2));

            RawResponse refused = b.get("/x");
            assertThat(refused.status()).as("one bucket for all clients").isEqualTo(429);
            assertThat(refused.header("content-type")).isEqualTo("application/problem+json");
            assertThat(refused.header("x-ratelimit-remaining")).isEqualTo("0");
            assertThat(refused.header("retry-after")).isEqualTo("2");
            assertThat(refused.header("x-request-id")).as("a refusal is an error response like any other").isNotBlank();
            assertThat(origin.requestCount()).isEqualTo(3);

            clock.advance(Duration.ofSeconds(2));
            assertThat(a.get("/x").status()).as("a token came back").isEqualTo(200);
            assertThat(a.get("/x").status()).isEqualTo(429);
        }
    }

    @Test
    void perIpLimitKeysOnTheConnectionNotOnForwardingHeaders() throws Exception {
        String yaml = limited("""
                - filter: rate_limit
                  mode: per_ip
                  rate: 1
                  burst: 2
                """);
        try (RunningGateway gw = RunningGateway.start(yaml, services);
                RawHttpConnection client = RawHttpConnection.open(gw.port());
                RawHttpConnection other = RawHttpConnection.openFrom(InetAddress.getByName("127.0.0.2"), gw.port())) {
            client.get("/x");
            client.get("/x");
            client.send("GET /x HTTP/1.1\r\nHost: gw\r\nX-Forwarded-For: 203.0.113.9\r\nForwarded: for=203.0.113.9\r\n\r\n");
            assertThat(client.readResponse().status()).as("claiming another address does not buy a new bucket")
                    .isEqualTo(429);
            RawResponse fresh = other.get("/x");
            assertThat(fresh.status()).isEqualTo(200);
            assertThat(fresh.header("x-ratelimit-remaining")).isEqualTo("1");
        }
    }

    @Test
    void shadowModeServesEveryoneWithoutHeaders() throws Exception {
        String yaml = limited("""
                - filter: rate_limit
                  mode: global
                  rate: 1
                  burst: 1
                  shadow: true
                """);
        try (RunningGateway gw = RunningGateway.start(yaml, services);
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            for (int i = 0; i < 3; i++) {
                RawResponse r = client.get("/x");
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.header("x-ratelimit-limit")).isNull();
            }
        }
    }

    @Test
    void traceparentReachesTheOriginWithTheSameTraceAndANewParent() throws Exception {
        try (RunningGateway gw = RunningGateway.start(limited(""), services);
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("GET /x HTTP/1.1\r\nHost: gw\r\ntraceparent: 00-" + TRACE + "-" + PARENT + "-01\r\n"
                    + "tracestate: congo=t61rcWkgMzE\r\ntracestate: rojo=00f067aa0ba902b7\r\n\r\n");
            EchoResponse seen = client.readResponse().echo();
            String[] parts = seen.header("traceparent").split("-");
            assertThat(parts).hasSize(4);
            assertThat(parts[0]).isEqualTo("00");
            assertThat(parts[1]).as("same trace").isEqualTo(TRACE);
            assertThat(parts[2]).as("the gateway's own span is the origin's parent").matches("[0-9a-f]{16}")
                    .isNotEqualTo(PARENT);
            assertThat(parts[3]).isEqualTo("01");
            assertThat(seen.headerValues("tracestate")).as("validated and forwarded as one list")
                    .containsExactly("congo=t61rcWkgMzE,rojo=00f067aa0ba902b7");

            client.send("GET /x HTTP/1.1\r\nHost: gw\r\ntraceparent: 00-" + TRACE + "-" + PARENT + "-01\r\n\r\n");
            String again = client.readResponse().echo().header("traceparent");
            assertThat(again).as("same trace, a new span for each request").contains(TRACE)
                    .doesNotContain(parts[2]);
        }
    }

    @Test
    void malformedTraceparentStartsANewTraceAndDropsTracestate() throws Exception {
        try (RunningGateway gw = RunningGateway.start(limited(""), services);
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("GET /x HTTP/1.1\r\nHost: gw\r\ntraceparent: 00-" + "0".repeat(32) + "-" + PARENT + "-01\r\n"
                    + "tracestate: congo=t61rcWkgMzE\r\n\r\n");
            EchoResponse seen = client.readResponse().echo();
            assertThat(seen.header("traceparent")).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01")
                    .doesNotContain("0".repeat(32)).doesNotContain(PARENT);
            assertThat(seen.hasHeader("tracestate")).as("state without a valid parent is not forwarded").isFalse();
        }
    }
}
