package io.jpraxis.filters.observe.accesslog;

import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.core.context.DownstreamTls;
import io.jpraxis.core.context.PeerCertificate;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.UpstreamTarget;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class AccessLogFilterTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Logger logger = (Logger) LoggerFactory.getLogger(AccessLogFilter.LOGGER);
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();

    @BeforeEach
    void capture() {
        lines.start();
        logger.addAppender(lines);
    }

    @AfterEach
    void release() {
        logger.detachAppender(lines);
    }

    private static AccessLogFilter filter(double rate) {
        return new AccessLogFilter(new AccessLogConfig(rate));
    }

    private JsonNode onlyLine() throws Exception {
        assertThat(lines.list).as("exactly one line per exchange").hasSize(1);
        return JSON.readTree(lines.list.getFirst().getFormattedMessage());
    }

    @Test
    void writesOneJsonLineWithTheExchangeFields() throws Exception {
        RequestContext ctx = request("/api/users?token=secret", "authorization", "Bearer hunter2", "cookie", "s=1");
        ctx.cluster("api");
        ClusterConfig cluster = new ClusterConfig("api", List.of(), ClusterConfig.LoadBalancerStrategy.ROUND_ROBIN,
                null, null, null, null, null, null, null, ClusterHttpConfig.NONE, null, null, null,
                SourceRef.synthetic("test"));
        ctx.upstream(UpstreamTarget.detached(cluster, new Endpoint("10.0.0.7", 8080, 1)));
        ctx.requestId("client-9");

        filter(1).onLog(ctx, new ExchangeSummary(201, 12, 345, 7_600_000, true));

        JsonNode line = onlyLine();
        assertThat(line.get("time").asText()).as("RFC 3339 UTC receipt time").isEqualTo("2025-01-01T00:00:00Z");
        assertThat(line.get("listener").asText()).isEqualTo("main");
        assertThat(line.get("client").asText()).as("the TCP peer, without its port").isEqualTo("192.0.2.10");
        assertThat(line.get("method").asText()).isEqualTo("GET");
        assertThat(line.get("path").asText()).as("the query string may carry tokens: left out").isEqualTo("/api/users");
        assertThat(line.get("status").asInt()).isEqualTo(201);
        assertThat(line.get("duration_ms").asLong()).isEqualTo(7);
        assertThat(line.get("cluster").asText()).isEqualTo("api");
        assertThat(line.get("upstream").asText()).isEqualTo("10.0.0.7:8080");
        assertThat(line.get("bytes_in").asLong()).isEqualTo(12);
        assertThat(line.get("bytes_out").asLong()).isEqualTo(345);
        assertThat(line.get("request_id").asText()).as("the effective id").isEqualTo("client-9");
        assertThat(line.get("completed").asBoolean()).isTrue();
        assertThat(lines.list.getFirst().getFormattedMessage()).as("no credentials ever")
                .doesNotContain("hunter2", "secret", "s=1");
    }

    @Test
    void theClientIsTheOneForwardedHeadersResolved() throws Exception {
        RequestContext ctx = request("/");
        ctx.resolveClientAddress(java.net.InetAddress.getByName("203.0.113.7"));
        filter(1).onLog(ctx, new ExchangeSummary(200, 0, 0, 1, true));
        assertThat(onlyLine().get("client").asText()).isEqualTo("203.0.113.7");
    }

    @Test
    void aTlsConnectionIsLoggedWithItsVersionAndWhetherAClientCertificateWasVerified() throws Exception {
        RequestContext ctx = request("/");
        ctx.downstreamTls(new DownstreamTls("TLSv1.3", "TLS_AES_128_GCM_SHA256", null, "h2",
                new PeerCertificate("CN=c", null, List.of(), List.of(), "1f", "0".repeat(64))));
        filter(1).onLog(ctx, new ExchangeSummary(200, 0, 0, 1, true));

        JsonNode line = onlyLine();
        assertThat(line.get("tls").asText()).isEqualTo("TLSv1.3");
        assertThat(line.get("client_cert").asBoolean()).isTrue();
    }

    @Test
    void nothingSelectedIsLoggedAsNulls() throws Exception {
        filter(1).onLog(request("/"), new ExchangeSummary(0, 0, 0, 1, false));

        JsonNode line = onlyLine();
        assertThat(line.get("scheme").asText()).isEqualTo("http");
        assertThat(line.get("tls").isNull()).as("cleartext").isTrue();
        assertThat(line.get("client_cert").asBoolean()).isFalse();
        assertThat(line.get("cluster").isNull()).isTrue();
        assertThat(line.get("upstream").isNull()).isTrue();
        assertThat(line.get("status").asInt()).as("client left before any response").isZero();
        assertThat(line.get("completed").asBoolean()).isFalse();
    }

    @Test
    void controlCharactersInALoggedFieldCannotForgeLines() throws Exception {
        // The edge refuses such a path (see
        // docs/behaviour/canonical-path.md#one-form-for-matching-and-forwarding), so the escaping is shown
        // on another free-text field.
        assertThatThrownBy(() -> request("/a\n{\"forged\":1}")).as("no context holds such a path")
                .isInstanceOf(IllegalArgumentException.class);
        RequestContext ctx = request("/");
        ctx.cluster("a\n{\"forged\":1}");
        filter(1).onLog(ctx, new ExchangeSummary(200, 0, 0, 1, true));

        String raw = lines.list.getFirst().getFormattedMessage();
        assertThat(raw).as("escaped, so still one line").doesNotContain("\n");
        assertThat(onlyLine().get("cluster").asText()).isEqualTo("a\n{\"forged\":1}");
    }

    @Test
    void unicodeLineBreaksInALoggedFieldAreEscapedToo() throws Exception {
        // NEL (a raw 0x85 byte read as Latin-1) and U+2028/U+2029 end lines for some log readers.
        String text = "a\u0085b\u2028c\u2029d\u00e9";
        RequestContext ctx = request("/");
        ctx.cluster(text);
        filter(1).onLog(ctx, new ExchangeSummary(200, 0, 0, 1, true));

        String raw = lines.list.getFirst().getFormattedMessage();
        assertThat(raw.chars().allMatch(c -> c >= 0x20 && c < 0x7f)).as("the line is printable ASCII: %s", raw).isTrue();
        assertThat(onlyLine().get("cluster").asText()).as("still the exact text once parsed").isEqualTo(text);
    }

    @Test
    void aRewrittenPathIsLoggedBesideTheClientsOriginalOne() throws Exception {
        RequestContext ctx = request("/api/v1/users?token=secret");
        ctx.rewriteTarget(RequestPath.of("/users"), "page=2");
        filter(1).onLog(ctx, new ExchangeSummary(200, 0, 0, 1, true));
        JsonNode line = onlyLine();
        assertThat(line.get("path").asText()).as("as forwarded, after the rewrite").isEqualTo("/users");
        assertThat(line.get("original_path").asText()).as("what the client asked for, still without its query")
                .isEqualTo("/api/v1/users");
    }

    @Test
    void anUnrewrittenPathIsLoggedTwiceTheSame() throws Exception {
        filter(1).onLog(request("//a/./b"), new ExchangeSummary(200, 0, 0, 1, true));
        JsonNode line = onlyLine();
        assertThat(line.get("original_path").asText()).as("always present, canonical like path").isEqualTo("/a/b");
        assertThat(line.get("path").asText()).isEqualTo("/a/b");
    }

    @Test
    void thePathLoggedIsTheCanonicalForwardForm() throws Exception {
        filter(1).onLog(request("//a/./b;v=1/%7Ex"), new ExchangeSummary(200, 0, 0, 1, true));
        assertThat(onlyLine().get("path").asText()).as("as forwarded: canonical, parameters kept")
                .isEqualTo("/a/b;v=1/~x");
    }

    @Test
    void sampleRateLogsEveryNthExchange() {
        AccessLogFilter quarter = filter(0.25);
        for (int i = 0; i < 8; i++) {
            quarter.onLog(request("/"), new ExchangeSummary(200, 0, 0, 1, true));
        }
        assertThat(lines.list).as("1 in 4 of 8 exchanges").hasSize(2);
    }

    @Test
    void sampleRateThatIsNotOneOverNLogsThatExactShare() {
        AccessLogFilter sixtyPercent = filter(0.6);
        for (int i = 0; i < 10; i++) {
            sixtyPercent.onLog(request("/"), new ExchangeSummary(200, 0, 0, 1, true));
        }
        assertThat(lines.list).as("0.6 of 10 exchanges, not the 1 in 2 a rounded period would give").hasSize(6);

        lines.list.clear();
        AccessLogFilter threeQuarters = filter(0.75);
        for (int i = 0; i < 8; i++) {
            threeQuarters.onLog(request("/"), new ExchangeSummary(200, 0, 0, 1, true));
        }
        assertThat(lines.list).as("0.75 of 8 exchanges, not every one").hasSize(6);
    }

    @Test
    void aModelCallAddsModelProviderAndTokenCounts() throws Exception {
        RequestContext ctx = request("/v1/chat/completions");
        io.jpraxis.core.context.GenAiExchange ai = io.jpraxis.core.context.GenAiExchange.of(ctx);
        ai.provider("openai");
        ai.model("gpt-4o", true);
        ai.usage(io.jpraxis.core.context.TokenUsage.of(12, -1L, -1L));

        filter(1).onLog(ctx, new ExchangeSummary(200, 1, 2, 3, true));

        JsonNode line = onlyLine();
        assertThat(line.get("model").asText()).isEqualTo("gpt-4o");
        assertThat(line.get("provider").asText()).isEqualTo("openai");
        assertThat(line.get("input_tokens").asLong()).isEqualTo(12);
        assertThat(line.get("output_tokens").bigIntegerValue()).as("unsigned 64-bit counts print whole")
                .isEqualTo(new java.math.BigInteger("18446744073709551615"));
    }

    @Test
    void anExchangeWithoutAModelCallHasNullModelFields() throws Exception {
        filter(1).onLog(request("/plain"), new ExchangeSummary(200, 1, 2, 3, true));
        JsonNode line = onlyLine();
        for (String field : new String[] {"model", "provider", "input_tokens", "output_tokens", "total_tokens"}) {
            assertThat(line.get(field).isNull()).as("%s present and null: a stable schema", field).isTrue();
        }
    }
}
