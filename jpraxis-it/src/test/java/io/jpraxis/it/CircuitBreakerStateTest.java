package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.filters.BuiltInFilters;
import io.jpraxis.http.admin.AdminSurface;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.ServingGateway;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.TestClock;
import io.jpraxis.testkit.TestOrigin;
import java.net.URI;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * circuit_breaker as {@code serve} runs it (see docs/reference/filters/circuit_breaker.md#states):
 * the {@code praxis_circuit_breaker_open} gauge on the admin {@code /metrics} while open and
 * half-open and after a reload, and a probe to an origin that never answers.
 */
@Timeout(30)
class CircuitBreakerStateTest {
    private static final String GAUGE = "praxis_circuit_breaker_open\\{cluster=\"api\",listener=\"it\"\\}";
    private final TestClock clock = new TestClock();
    private final RuntimeServices services = new RuntimeServices(clock, new SplittableRandom(5), IdGenerator.random());
    private final FilterRegistry registry = FilterRegistry.withBuiltIns(BuiltInFilters.all());
    private ServingGateway serving;

    @AfterEach
    void stop() {
        if (serving != null) {
            serving.shutdown(Duration.ofSeconds(1));
        }
    }

    private static String config(TestOrigin origin) {
        return TestConfigs.pipeline("""
                - filter: router
                  routes:
                    - path_prefix: "/"
                      cluster: api
                - filter: circuit_breaker
                  clusters:
                    - name: api
                      consecutive_failures: 1
                      recovery_window_secs: 5
                      half_open_timeout_secs: 2
                - filter: load_balancer
                  clusters:
                    - name: api
                      endpoints: ["%s"]
                """.formatted(origin.address()), """
                admin:
                  address: "127.0.0.1:0"
                """);
    }

    private CompileResult build(String yaml) {
        CompileResult result = new GatewayBuilder(FeatureSet.NONE, services, registry).build(yaml);
        assertThat(result.diagnostics().errors()).as("test config builds").isEmpty();
        return result;
    }

    private int get() throws Exception {
        try (RawHttpConnection client = RawHttpConnection.open(serving.http().port("it"))) {
            return client.send("GET / HTTP/1.1\r\nHost: api.example\r\nConnection: close\r\n\r\n").readResponse()
                    .status();
        }
    }

    private double gauge() {
        String metrics = Http.get(URI.create("http://127.0.0.1:" + serving.adminPort(AdminSurface.ADMIN).orElseThrow()
                + "/metrics")).body();
        Matcher m = Pattern.compile("(?m)^" + GAUGE + " ([0-9.E+-]+)$").matcher(metrics);
        assertThat(m.find()).as("the gauge is on /metrics:%n%s", metrics).isTrue();
        return Double.parseDouble(m.group(1));
    }

    @Test
    void theGaugeIsOneWhileOpenOrHalfOpenAndAReloadStartsTheCircuitClosed() throws Exception {
        try (TestOrigin origin = TestOrigin.builder("api").fixed(500, "text/plain", "boom").start()) {
            String yaml = config(origin);
            serving = ServingGateway.start(build(yaml).gateway(), null, services, registry);
            assertThat(gauge()).as("closed at the start").isEqualTo(0.0);
            assertThat(get()).isEqualTo(500);
            assertThat(get()).as("one failure opened it").isEqualTo(503);
            assertThat(gauge()).as("open").isEqualTo(1.0);
            clock.advance(Duration.ofSeconds(5));
            assertThat(get()).as("the probe reaches the failing origin").isEqualTo(500);
            assertThat(gauge()).as("open again after the failed probe").isEqualTo(1.0);

            serving.reload(build(yaml).gateway(), null);
            assertThat(gauge()).as("a reload builds new breakers: closed").isEqualTo(0.0);
            assertThat(get()).as("the new breaker lets the request through").isEqualTo(500);
            assertThat(origin.requestCount()).isEqualTo(3);
        }
    }

    @Test
    void aProbeWithNoOutcomeWithinTheHalfOpenTimeoutOpensTheCircuitAgain() throws Exception {
        try (TestOrigin origin = TestOrigin.builder("api").fixed(500, "text/plain", "boom").start()) {
            serving = ServingGateway.start(build(config(origin)).gateway(), null, services, registry);
            assertThat(get()).isEqualTo(500);
            origin.failWith(TestOrigin.Failure.HANG); // it reads each request and never answers
            clock.advance(Duration.ofSeconds(5));
            try (RawHttpConnection probe = RawHttpConnection.open(serving.http().port("it"))) {
                probe.send("GET / HTTP/1.1\r\nHost: api.example\r\n\r\n");
                long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
                while (origin.requestCount() < 2 && System.nanoTime() < until) {
                    Thread.sleep(10);
                }
                assertThat(origin.requestCount()).as("the probe reached the hanging origin").isEqualTo(2);
                assertThat(get()).as("half-open: one probe at a time").isEqualTo(503);
                assertThat(gauge()).as("half-open shows as 1").isEqualTo(1.0);

                clock.advance(Duration.ofSeconds(2));
                assertThat(get()).as("the probe had no outcome within 2 s: open again").isEqualTo(503);
                clock.advance(Duration.ofSeconds(4));
                assertThat(get()).as("the new window runs from the timeout (7 s), not from now").isEqualTo(503);
                assertThat(origin.requestCount()).as("nothing reached the origin while open").isEqualTo(2);

                origin.failWith(null);
                clock.advance(Duration.ofSeconds(1));
                assertThat(get()).as("after that window a new probe goes").isEqualTo(500);
                assertThat(origin.requestCount()).isEqualTo(3);
            }
        }
    }
}
