package io.jpraxis.http.observe;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.filters.observe.accesslog.AccessLogConfig;
import io.jpraxis.filters.observe.accesslog.AccessLogFilter;
import io.jpraxis.filters.transform.pathrewrite.PathRewriteConfig;
import io.jpraxis.filters.transform.pathrewrite.PathRewriteFilter;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.LoggerFactory;

/** The {@code access_log} filter on the real edge: one line per exchange, however it ends. */
@Timeout(20)
class AccessLogEdgeTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Logger logger = (Logger) LoggerFactory.getLogger(AccessLogFilter.LOGGER);
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private Level previousLevel;

    @BeforeEach
    void capture() {
        previousLevel = logger.getLevel();
        logger.setLevel(Level.INFO);
        logger.setAdditive(false);
        lines.start();
        logger.addAppender(lines);
    }

    @AfterEach
    void release() {
        logger.detachAppender(lines);
        logger.setAdditive(true);
        logger.setLevel(previousLevel);
    }

    private static HttpFilter accessLog() {
        return new AccessLogFilter(new AccessLogConfig(1.0));
    }

    /** The lines written so far, once {@code count} have arrived (the hook runs after the response went out). */
    private List<JsonNode> awaitLines(int count) throws Exception {
        assertThat(Waits.until(() -> lines.list.size() >= count)).as(count + " access line(s)").isTrue();
        List<JsonNode> parsed = new java.util.ArrayList<>();
        for (ILoggingEvent e : List.copyOf(lines.list)) {
            parsed.add(JSON.readTree(e.getFormattedMessage()));
        }
        return parsed;
    }

    @Test
    void proxiedExchangeIsLoggedOnceWithItsFields() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().filter(accessLog())
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("POST /upload?secret=1 HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer hunter2\r\n"
                    + "Content-Length: 5\r\n\r\nhello");
            RawResponse response = client.readResponse();
            assertThat(response.status()).isEqualTo(200);

            JsonNode line = awaitLines(1).getFirst();
            assertThat(line.get("listener").asText()).isEqualTo("main");
            assertThat(line.get("method").asText()).isEqualTo("POST");
            assertThat(line.get("path").asText()).isEqualTo("/upload");
            assertThat(line.get("status").asInt()).isEqualTo(200);
            assertThat(line.get("cluster").asText()).isEqualTo("c");
            assertThat(line.get("upstream").asText()).isEqualTo(origin.address());
            assertThat(line.get("bytes_in").asLong()).as("request body bytes").isEqualTo(5);
            assertThat(line.get("bytes_out").asLong()).as("response body bytes").isEqualTo(response.body().length);
            assertThat(line.get("request_id").asText()).as("the gateway's id for the first request").isEqualTo("req-1");
            assertThat(line.get("completed").asBoolean()).isTrue();
            assertThat(line.get("duration_ms").asLong()).isNotNegative();
            assertThat(line.get("time").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z");
            assertThat(lines.list.getFirst().getFormattedMessage()).doesNotContain("hunter2", "secret");
            Thread.sleep(50);
            assertThat(lines.list).as("exactly one line for the exchange").hasSize(1);
        }
    }

    @Test
    void aRewrittenPathIsLoggedAsForwardedAndAsTheClientSentIt() throws Exception {
        PathRewriteConfig strip = new PathRewriteConfig(new PathRewriteConfig.StripPrefix("/api"), false);
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().filter(accessLog()).filter(new PathRewriteFilter(strip))
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            assertThat(client.get("/api/users?page=2").status()).isEqualTo(200);
            assertThat(origin.requestLines()).as("the origin got the rewritten target").containsExactly("GET /users?page=2");
            JsonNode line = awaitLines(1).getFirst();
            assertThat(line.get("path").asText()).as("as forwarded").isEqualTo("/users");
            assertThat(line.get("original_path").asText()).as("as the client sent it").isEqualTo("/api/users");
        }
    }

    @Test
    void localRejectionIsLoggedWithItsStatus() throws Exception {
        try (TestGateway gw = TestGateway.builder().filter(accessLog()).filter(TestFilters.reject(403, "denied")).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            RawResponse response = client.get("/private");
            JsonNode line = awaitLines(1).getFirst();
            assertThat(line.get("status").asInt()).isEqualTo(403);
            assertThat(line.get("bytes_out").asLong()).isEqualTo(response.body().length);
            assertThat(line.get("cluster").isNull()).as("nothing selected").isTrue();
        }
    }

    @Test
    void upstreamFailureIsLogged() throws Exception {
        try (TestGateway gw = TestGateway.builder().filter(accessLog())
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), "127.0.0.1", TestOrigin.unusedPort()))
                        .start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            assertThat(client.get("/").status()).isEqualTo(502);
            assertThat(awaitLines(1).getFirst().get("status").asInt()).isEqualTo(502);
        }
    }

    @Test
    void responseAbortedMidBodyIsLoggedAsIncompleteWithItsStatus() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().bodyLimits(null, 1_000L).filter(accessLog())
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("GET /big HTTP/1.1\r\nHost: test\r\n" + OriginCommands.DOWNLOAD + ": 100000\r\n\r\n");
            try {
                client.readResponse(); // the head may or may not have been flushed before the abort
            } catch (java.io.IOException expected) {
                // the connection is cut: what the client sees of it is not this test's concern
            }

            JsonNode line = awaitLines(1).getFirst();
            assertThat(line.get("status").asInt()).as("the origin's head, relayed before the limit was hit")
                    .isEqualTo(200);
            assertThat(line.get("completed").asBoolean()).as("docs/behaviour/body-access.md#access-and-delivery-modes: over the limit the response is aborted")
                    .isFalse();
        }
    }

    @Test
    void clientLeavingMidExchangeIsLoggedAsIncomplete() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().filter(accessLog())
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start()) {
            try (RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                client.send("GET /hang HTTP/1.1\r\nHost: test\r\n" + OriginCommands.FAIL + ": hang\r\n\r\n");
                assertThat(Waits.until(() -> origin.requestCount() == 1)).isTrue();
            }
            JsonNode line = awaitLines(1).getFirst();
            assertThat(line.get("status").asInt()).as("no response was sent").isZero();
            assertThat(line.get("completed").asBoolean()).isFalse();
            assertThat(line.get("upstream").asText()).isEqualTo(origin.address());
        }
    }

    @Test
    void throwingLogHookNeitherBreaksTheExchangeNorTheOtherHooks() throws Exception {
        HttpFilter thrower = new TestFilters.Simple("test_thrower") {
            @Override
            public void onLog(io.jpraxis.core.context.RequestContext ctx, io.jpraxis.core.filter.ExchangeSummary s) {
                throw new IllegalStateException("boom");
            }
        };
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().filter(thrower).filter(accessLog())
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            assertThat(client.get("/a").status()).isEqualTo(200);
            assertThat(client.get("/b").status()).as("the connection keeps serving").isEqualTo(200);
            assertThat(awaitLines(2)).as("the access log after the thrower still writes").hasSize(2);
            var failures = gw.gateway().meters().find("jpraxis.filter.log.failures").tag("listener", "main")
                    .functionCounter();
            assertThat(failures).isNotNull();
            assertThat(failures.count()).as("each throw counted").isEqualTo(2.0);
        }
    }
}
