package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.server.boot.GatewayFilters;
import io.jpraxis.testkit.H2Response;
import io.jpraxis.testkit.H2cClient;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import io.netty.handler.codec.http2.Http2Headers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code grpc_status} and {@code grpc_timeout} through a real gateway, with HTTP/2 (h2c) and
 * HTTP/1.1 clients on real sockets (see docs/behaviour/grpc.md#errors-as-grpc-statuses,
 * docs/behaviour/grpc.md#deadlines-across-retries).
 */
@Timeout(30)
class GrpcEdgeTest {

    private static FilterRegistry registry() {
        List<FilterFactory<?>> types = new ArrayList<>(GatewayFilters.all());
        types.add(new DenyFactory());
        return FilterRegistry.withBuiltIns(types);
    }

    /** {@code filters} (YAML list items), then a router sending {@code /svc.Known/} to {@code address}. */
    private static RunningGateway gateway(String filters, String address, String clusterKeys) {
        return RunningGateway.start(TestConfigs.pipeline(filters + """
                - filter: router
                  routes: [{path_prefix: /svc.Known/, cluster: app}]
                - filter: load_balancer
                  clusters:
                    - name: app
                      endpoints: ["%s"]
                %s
                """.formatted(address, clusterKeys.indent(6).stripTrailing())), registry());
    }

    private static Http2Headers grpcCall(String path, String... more) {
        Http2Headers headers = H2cClient.headers("POST", path).add("content-type", "application/grpc+proto");
        for (int i = 0; i < more.length; i += 2) {
            headers.add(more[i], more[i + 1]);
        }
        return headers;
    }

    private static void assertGrpcStatus(H2Response response, String status) {
        assertThat(response.status()).as("a gRPC answer is HTTP 200").isEqualTo(200);
        assertThat(response.header("grpc-status")).isEqualTo(status);
        assertThat(response.bodyBytes()).as("Trailers-Only: no body").isZero();
    }

    /** A {@code grpc-timeout} value as a duration. */
    private static Duration timeout(String value) {
        long n = Long.parseLong(value.substring(0, value.length() - 1));
        return switch (value.charAt(value.length() - 1)) {
            case 'H' -> Duration.ofHours(n);
            case 'M' -> Duration.ofMinutes(n);
            case 'S' -> Duration.ofSeconds(n);
            case 'm' -> Duration.ofMillis(n);
            case 'u' -> Duration.ofNanos(n * 1000);
            case 'n' -> Duration.ofNanos(n);
            default -> throw new AssertionError("unit of " + value);
        };
    }

    @Test
    void aRejectionReachesAGrpcClientAsPermissionDenied() {
        try (TestOrigin origin = TestOrigin.start("o");
                RunningGateway gw = gateway("""
                        - filter: grpc_status
                        - filter: test_deny
                          reason: "denied by policy"
                        """, origin.address(), "");
                H2cClient client = H2cClient.connect(gw.port())) {
            H2Response grpc = H2cClient.await(client.send(grpcCall("/svc.Known/Hello"), 5));
            assertGrpcStatus(grpc, "7");
            assertThat(grpc.header("grpc-message")).isEqualTo("denied by policy");
            assertThat(grpc.header("content-type")).as("echoes the request's codec").isEqualTo("application/grpc+proto");
            H2Response plain = H2cClient.await(client.send(H2cClient.headers("POST", "/svc.Known/Hello")
                    .add("content-type", "application/json"), 0));
            assertThat(plain.status()).as("a request that is not gRPC keeps the plain error").isEqualTo(403);
            assertThat(plain.header("content-type")).isEqualTo("application/problem+json");
            assertThat(plain.bodyText()).contains("denied by policy");
            assertThat(origin.requestCount()).isZero();
        }
    }

    @Test
    void noRouteAndAnUnreachableUpstreamBecomeGrpcStatusesOnAKeptConnection() throws Exception {
        try (RunningGateway gw = gateway("- filter: grpc_status\n", "127.0.0.1:" + TestOrigin.unusedPort(), "");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            String call = "POST %s HTTP/1.1\r\nHost: t\r\ncontent-type: application/grpc\r\ncontent-length: 0\r\n\r\n";
            conn.send(call.formatted("/svc.Other/M"));
            RawResponse noRoute = conn.readResponse();
            assertThat(noRoute.status()).isEqualTo(200);
            assertThat(noRoute.header("grpc-status")).as("404 is UNIMPLEMENTED").isEqualTo("12");
            assertThat(noRoute.header("content-length")).as("the end is visible on HTTP/1.1").isEqualTo("0");
            conn.send(call.formatted("/svc.Known/M"));
            RawResponse unreachable = conn.readResponse();
            assertThat(unreachable.header("grpc-status")).as("502 is UNAVAILABLE").isEqualTo("14");
            assertThat(unreachable.header("content-type")).isEqualTo("application/grpc");
        }
    }

    @Test
    void malformedOrSpentDeadlinesAreAnsweredWithoutTheUpstream() {
        try (TestOrigin origin = TestOrigin.start("o");
                RunningGateway gw = gateway("""
                        - filter: grpc_timeout
                          max_timeout_ms: 30000
                          headroom_ms: 100
                        """, origin.address(), "");
                H2cClient client = H2cClient.connect(gw.port())) {
            for (String bad : List.of("0S", "123456789m", "5s")) {
                H2Response r = H2cClient.await(client.send(grpcCall("/svc.Known/M", "grpc-timeout", bad), 0));
                assertGrpcStatus(r, "13");
                assertThat(r.header("grpc-message")).as(bad).isEqualTo("malformed grpc-timeout");
            }
            H2Response spent = H2cClient.await(client.send(grpcCall("/svc.Known/M", "grpc-timeout", "100m"), 0));
            assertGrpcStatus(spent, "4");
            assertThat(origin.requestCount()).as("none of them reached the origin").isZero();
        }
    }

    @Test
    void theUpstreamIsToldTheCutDeadline() {
        try (TestOrigin origin = TestOrigin.start("o");
                RunningGateway gw = gateway("""
                        - filter: grpc_timeout
                          max_timeout_ms: 30000
                        """, origin.address(), "");
                H2cClient client = H2cClient.connect(gw.port())) {
            Duration tenMinutes = timeout(H2cClient.await(client.send(grpcCall("/svc.Known/M", "grpc-timeout", "10M"), 0))
                    .echo().header("grpc-timeout"));
            assertThat(tenMinutes).as("10 min asked, at most 30 s allowed")
                    .isLessThanOrEqualTo(Duration.ofSeconds(30)).isGreaterThan(Duration.ofSeconds(25));
            Duration oneMinute = timeout(H2cClient.await(client.send(grpcCall("/svc.Known/M", "grpc-timeout", "1M"), 0))
                    .echo().header("grpc-timeout"));
            assertThat(oneMinute).as("1M is a minute, cut to 30 s too").isGreaterThan(Duration.ofSeconds(25));
            Duration millis = timeout(H2cClient.await(client.send(grpcCall("/svc.Known/M", "grpc-timeout", "20000m"), 0))
                    .echo().header("grpc-timeout"));
            assertThat(millis).isLessThanOrEqualTo(Duration.ofSeconds(20)).isGreaterThan(Duration.ofSeconds(15));
        }
    }

    @Test
    void aSilentUpstreamIsCutAtTheDeadline() throws Exception {
        try (ScriptedOrigin origin = new ScriptedOrigin(x -> {
                    x.readHead();
                    Thread.sleep(20_000); // never answers; the gateway must give up first
                });
                RunningGateway gw = gateway("""
                        - filter: grpc_timeout
                          max_timeout_ms: 30000
                        """, origin.address(), "");
                H2cClient client = H2cClient.connect(gw.port())) {
            H2Response r = H2cClient.await(client.send(grpcCall("/svc.Known/M", "grpc-timeout", "300m"), 0));
            assertGrpcStatus(r, "4");
            assertThat(r.header("grpc-message")).isEqualTo("deadline exceeded");
        }
    }

    @Test
    void aRetryTwoSecondsIntoAFiveSecondBudgetIsToldAboutThreeSeconds() throws Exception {
        String grpcOk = "HTTP/1.1 200 OK\r\ncontent-type: application/grpc\r\ngrpc-status: 0\r\ncontent-length: 0\r\n\r\n";
        try (ScriptedOrigin origin = new ScriptedOrigin(
                        x -> {
                            x.readHead(); // the warm-up request, answered on a connection that stays pooled
                            x.write("HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n");
                            x.readHead(); // the call, on the pooled connection
                            x.readBody(5);
                            Thread.sleep(2_000);
                            // closes with the call unanswered: the gateway retries it on a new connection
                        },
                        x -> {
                            x.readHead();
                            x.readBody(5);
                            x.write(grpcOk);
                        });
                RunningGateway gw = gateway("""
                        - filter: grpc_timeout
                          max_timeout_ms: 30000
                        """, origin.address(), "retry_policy: {max_retries: 1, allow_non_idempotent: true}");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            conn.send("GET /svc.Known/warm HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(conn.readResponse().status()).isEqualTo(200);
            conn.send("POST /svc.Known/M HTTP/1.1\r\nHost: t\r\ncontent-type: application/grpc\r\ngrpc-timeout: 5S\r\n"
                    + "content-length: 5\r\n\r\nhello");
            RawResponse answer = conn.readResponse();
            assertThat(answer.header("grpc-status")).as("the retry's answer").isEqualTo("0");
            List<String> heads = origin.heads();
            assertThat(heads).hasSize(3);
            Duration first = timeout(ScriptedOrigin.header(heads.get(1), "grpc-timeout"));
            Duration retry = timeout(ScriptedOrigin.header(heads.get(2), "grpc-timeout"));
            assertThat(first).as("the first attempt").isLessThanOrEqualTo(Duration.ofSeconds(5))
                    .isGreaterThan(Duration.ofSeconds(4));
            assertThat(retry).as("2 s of the 5 s were spent before the retry: the clock did not restart")
                    .isLessThanOrEqualTo(Duration.ofSeconds(3)).isGreaterThan(Duration.ofMillis(1_500));
        }
    }

    @Test
    void headroomAsLongAsTheMaximumDoesNotLoad() {
        assertThatThrownBy(() -> gateway("""
                - filter: grpc_timeout
                  max_timeout_ms: 1000
                  headroom_ms: 1000
                """, "127.0.0.1:1", "")).hasMessageContaining("headroom_ms: 1000 (expected: less than max_timeout_ms (1000)");
    }
}
