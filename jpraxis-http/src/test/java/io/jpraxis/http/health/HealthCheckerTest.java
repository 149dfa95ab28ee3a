package io.jpraxis.http.health;

import static io.jpraxis.http.health.HealthCheckClusters.cluster;
import static io.jpraxis.http.health.HealthCheckClusters.http;
import static io.jpraxis.http.health.HealthCheckClusters.tcp;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.HealthCheckConfig;
import io.jpraxis.config.model.HealthCheckConfig.HealthCheckType;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.EndpointState;
import io.jpraxis.http.server.Transport;
import io.jpraxis.testkit.TestOrigin;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.EventLoopGroup;
import io.netty.resolver.DefaultAddressResolverGroup;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Probes against real origins on loopback; every result is observed in order, so no test sleeps. */
class HealthCheckerTest {
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final BlockingQueue<Observed> results = new LinkedBlockingQueue<>();
    private EventLoopGroup group;
    private HealthChecker checker;

    /** A probe result and the endpoint's health right after it was applied. */
    private record Observed(EndpointState endpoint, ProbeResult result, boolean healthyAfter) {
    }

    @BeforeEach
    void startLoops() {
        group = Transport.nio().newEventLoopGroup(2);
    }

    @AfterEach
    void stopLoops() {
        if (checker != null) {
            checker.stop();
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }

    private void check(ClusterState... clusters) {
        checker = new HealthChecker(List.of(clusters), group, Transport.nio().socketChannelType(),
                DefaultAddressResolverGroup.INSTANCE, meters,
                (cluster, endpoint, result) -> results.add(new Observed(endpoint, result, endpoint.healthy())));
        checker.start();
    }

    private Observed next() throws InterruptedException {
        Observed observed = results.poll(10, TimeUnit.SECONDS);
        assertThat(observed).as("a probe result within 10 s").isNotNull();
        return observed;
    }

    /** The next result of a probe that got an answer: a cold JVM's first probe may time out instead. */
    private Observed nextAnswered() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            Observed o = next();
            if (!(o.result() instanceof ProbeResult.Failed f && f.reason().startsWith("timed out"))) {
                return o;
            }
        }
        throw new AssertionError("three probes in a row timed out");
    }

    @Test
    void anEndpointAnswering500IsEjectedAfterUnhealthyThresholdProbes() throws Exception {
        try (TestOrigin failing = TestOrigin.builder("failing").fixed(500, "text/plain", "down").start()) {
            check(cluster("api", http("/healthz", 200, 2, 3), failing.port()));

            List<ProbeResult> seen = new java.util.ArrayList<>();
            for (int probe = 1; probe <= 2; probe++) {
                Observed o = next();
                seen.add(o.result());
                assertThat(o.result().passed()).as("probe %d fails", probe).isFalse();
                assertThat(o.healthyAfter()).as("failed probe %d of 3 keeps the endpoint in", probe).isTrue();
            }
            Observed third = next();
            seen.add(third.result());
            assertThat(third.healthyAfter()).as("the third consecutive failure ejects it").isFalse();
            // The very first probe of a cold JVM may time out instead; the later ones see the 500.
            assertThat(seen).as("the origin's 500 is the failure").contains(new ProbeResult.Failed("status 500 (expected: 200)"));
            assertThat(meters.get("jpraxis.health.probes").tag("result", "failed").counter().count())
                    .as("each failed probe is counted").isGreaterThanOrEqualTo(3);
        }
    }

    @Test
    void anEjectedEndpointIsRestoredAfterHealthyThresholdGoodProbes() throws Exception {
        try (TestOrigin origin = TestOrigin.builder("flaky").failing(TestOrigin.Failure.CLOSE_WITHOUT_RESPONSE).start()) {
            check(cluster("api", http("/", 200, 2, 1), origin.port()));
            Observed failed = nextAnswered();
            assertThat(failed.result()).isEqualTo(new ProbeResult.Failed("connection closed before a response"));
            assertThat(failed.healthyAfter()).as("unhealthy_threshold 1: one failure ejects").isFalse();

            origin.failWith(null);
            Observed first = skipUntil(ProbeResult.PASSED);
            assertThat(first.healthyAfter()).as("one good probe of the two needed").isFalse();
            Observed second = next();
            assertThat(second.result()).isEqualTo(ProbeResult.PASSED);
            assertThat(second.healthyAfter()).as("the second consecutive good probe restores it").isTrue();
        }
    }

    /** Skips results of probes that were already under way when the origin changed. */
    private Observed skipUntil(ProbeResult wanted) throws InterruptedException {
        for (int i = 0; i < 20; i++) {
            Observed o = next();
            if (o.result().equals(wanted)) {
                return o;
            }
        }
        throw new AssertionError("no " + wanted + " within 20 probes");
    }

    @Test
    void aStoppedOriginIsEjectedByTcpProbes() throws Exception {
        int port;
        try (TestOrigin origin = TestOrigin.start("gone")) {
            port = origin.port();
        }
        check(cluster("api", tcp(1, 2), port));

        Observed first = next();
        assertThat(first.result()).isInstanceOf(ProbeResult.Failed.class);
        assertThat(((ProbeResult.Failed) first.result()).reason()).startsWith("connect failed");
        assertThat(next().healthyAfter()).as("two refused connects eject it").isFalse();
    }

    @Test
    void aTcpProbePassesWhenTheConnectionOpens() throws Exception {
        try (TestOrigin origin = TestOrigin.start("up")) {
            check(cluster("api", tcp(1, 1), origin.port()));

            Observed o = nextAnswered();
            assertThat(o.result()).isEqualTo(ProbeResult.PASSED);
            assertThat(o.healthyAfter()).isTrue();
            assertThat(origin.requestCount()).as("a tcp probe sends no request").isZero();
        }
    }

    @Test
    void theStatusMustEqualExpectedStatus() throws Exception {
        try (TestOrigin origin = TestOrigin.start("echo")) {
            check(cluster("api", http("/", 204, 1, 5), origin.port()));

            assertThat(nextAnswered().result()).as("200 is not the configured 204")
                    .isEqualTo(new ProbeResult.Failed("status 200 (expected: 204)"));
        }
    }

    @Test
    void aProbeThatGetsNoAnswerTimesOut() throws Exception {
        try (TestOrigin origin = TestOrigin.builder("hung").failing(TestOrigin.Failure.HANG).start()) {
            check(cluster("api", new HealthCheckConfig(HealthCheckType.HTTP, "/", 200, 500, 100, 1, 1, null, null, ""),
                    origin.port()));

            assertThat(next().result()).as("connected, but no answer within timeout_ms")
                    .isEqualTo(new ProbeResult.Failed("timed out after 100 ms"));
        }
    }

    @Test
    void theProbeIsAPlainGetOfThePathWithTheHealthCheckHostAndConnectionClose() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            CompletableFuture<String> head = CompletableFuture.supplyAsync(() -> answerOnce(server));
            check(cluster("api", http("/healthz?deep=1", 204, 1, 1), server.getLocalPort()));

            String request = head.get(10, TimeUnit.SECONDS);
            assertThat(request).as("request line").startsWith("GET /healthz?deep=1 HTTP/1.1\r\n");
            assertThat(request.toLowerCase()).as("fixed Host, so origins can tell probes from traffic")
                    .contains("\r\nhost: health-check\r\n").contains("\r\nconnection: close\r\n");
            assertThat(nextAnswered().result()).as("the 204 it got is the expected status").isEqualTo(ProbeResult.PASSED);
        }
    }

    /** Reads one request head from the first connection and answers 204. */
    private static String answerOnce(ServerSocket server) {
        try (Socket socket = server.accept()) {
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) {
                    break;
                }
                head.write(b);
            }
            socket.getOutputStream().write("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            return head.toString(StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void stopEndsProbing() throws Exception {
        try (TestOrigin origin = TestOrigin.start("up")) {
            check(cluster("api", tcp(1, 1), origin.port()));
            next();
            checker.stop();
            results.poll(HealthCheckClusters.TIMEOUT_MS, TimeUnit.MILLISECONDS); // a probe already under way
            results.clear();

            assertThat(results.poll(2 * HealthCheckClusters.INTERVAL_MS, TimeUnit.MILLISECONDS))
                    .as("no probe after stop, over two intervals").isNull();
        }
    }

    @Test
    void clustersWithoutAHealthCheckAreNotProbed() throws Exception {
        try (TestOrigin origin = TestOrigin.start("plain")) {
            check(cluster("plain", null, origin.port()));

            assertThat(checker.probedEndpoints()).isZero();
            assertThat(results.poll(HealthCheckClusters.INTERVAL_MS, TimeUnit.MILLISECONDS))
                    .as("no probe result at all").isNull();
            assertThat(origin.acceptedConnections()).isZero();
        }
    }
}
