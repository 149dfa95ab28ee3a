package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import io.micrometer.core.instrument.Counter;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.LoggerFactory;

/** request_id, access_log and timeout from YAML, as {@code serve} builds them, over real sockets. */
@Timeout(20)
class ObservationTest {
    private final Logger access = (Logger) LoggerFactory.getLogger("jpraxis.access");
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private TestOrigin origin;

    @BeforeEach
    void start() {
        origin = TestOrigin.start("o");
        lines.start();
        access.addAppender(lines);
    }

    @AfterEach
    void stop() {
        access.detachAppender(lines);
        origin.close();
    }

    /** The observation filters in front of a router; {@code timeoutMs} generous unless a test wants it to fire. */
    private String config(long timeoutMs) {
        return TestConfigs.pipeline("""
                - filter: request_id
                - filter: access_log
                - filter: timeout
                  timeout_ms: %d
                - filter: router
                  routes:
                    - path_prefix: "/api/"
                      cluster: api
                - filter: load_balancer
                  clusters:
                    - name: api
                      endpoints: ["%s"]
                """.formatted(timeoutMs, origin.address()));
    }

    @Test
    void requestIsIdentifiedLoggedAndCounted() throws Exception {
        try (RunningGateway gw = RunningGateway.start(config(30_000));
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("GET /api/items HTTP/1.1\r\nHost: gw.test\r\nX-Request-ID: it-1\r\n\r\n");
            RawResponse response = client.readResponse();

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("x-request-id")).isEqualTo("it-1");
            assertThat(response.echo().header("x-request-id")).isEqualTo("it-1");
            assertThat(until(() -> !lines.list.isEmpty())).as("one access line").isTrue();
            JsonNode line = new ObjectMapper().readTree(lines.list.getFirst().getFormattedMessage());
            assertThat(line.get("request_id").asText()).isEqualTo("it-1");
            assertThat(line.get("cluster").asText()).isEqualTo("api");
            assertThat(line.get("upstream").asText()).isEqualTo(origin.address());
            assertThat(line.get("listener").asText()).isEqualTo("it");
            assertThat(until(() -> requests(gw, "/api/", "api", "200") == 1))
                    .as("counted under the route's configured prefix").isTrue();
        }
    }

    @Test
    void hungOriginIsAnswered504AtTheConfiguredTimeout() throws Exception {
        try (RunningGateway gw = RunningGateway.start(config(400));
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("GET /api/slow HTTP/1.1\r\nHost: gw.test\r\n" + OriginCommands.FAIL + ": hang\r\n\r\n");
            RawResponse response = client.readResponse();

            assertThat(response.status()).isEqualTo(504);
            assertThat(response.bodyText()).endsWith(",\"detail\":\"request timed out\"}");
            assertThat(until(() -> requests(gw, "/api/", "api", "504") == 1)).isTrue();
            assertThat(until(() -> origin.openConnections() == 0)).as("upstream exchange cancelled").isTrue();
        }
    }

    @Test
    void unroutedRequestIsCountedWithoutARoute() throws Exception {
        try (RunningGateway gw = RunningGateway.start(config(30_000));
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            assertThat(client.get("/elsewhere").status()).isEqualTo(404);
            assertThat(until(() -> requests(gw, "none", "none", "404") == 1)).isTrue();
        }
    }

    private static double requests(RunningGateway gw, String route, String cluster, String status) {
        Counter c = gw.meters().find("jpraxis.requests")
                .tags("listener", "it", "route", route, "cluster", cluster, "status", status).counter();
        return c == null ? 0 : c.count();
    }

    private static boolean until(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }
}
