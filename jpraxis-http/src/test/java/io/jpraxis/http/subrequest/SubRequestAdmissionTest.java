package io.jpraxis.http.subrequest;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.subrequest.SubRequest;
import io.jpraxis.core.subrequest.SubResponse;
import io.jpraxis.core.subrequest.TransportError;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.server.Transport;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.upstream.Http1Connector;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.TestOrigin;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.resolver.DefaultAddressResolverGroup;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** runtime.subrequest_max_connections against a real slow origin, over two event loops. */
@Timeout(30)
class SubRequestAdmissionTest {
    private static final ClusterConfig CLUSTER = TestGateway.cluster("c");

    private EventLoopGroup group;
    private Http1Connector connector;
    private SubRequestAdmission admission;
    private SubRequestClients clients;

    @BeforeEach
    void setUp() {
        group = Transport.nio().newEventLoopGroup(2);
        EdgeMetrics metrics = new EdgeMetrics();
        connector = new Http1Connector(Transport.nio().socketChannelType(), DefaultAddressResolverGroup.INSTANCE, 4,
                WriteBufferWaterMark.DEFAULT, metrics);
        admission = new SubRequestAdmission(1);
        clients = new SubRequestClients(connector, metrics, Clock.systemUTC(), admission);
    }

    @AfterEach
    void tearDown() {
        connector.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private static SubRequest slow(TestOrigin origin, int delayMs, Duration deadline) {
        UpstreamTarget target = UpstreamTarget.detached(CLUSTER, new Endpoint(origin.host(), origin.port(), 1));
        return new SubRequest(target, "GET", "/", new HeaderMap().set(OriginCommands.DELAY_MS, Integer.toString(delayMs)),
                new byte[0], Instant.now().plus(deadline), 1 << 20);
    }

    /** On the next of the two loops, so the cap is shared across loops. */
    private CompletableFuture<SubResponse> send(SubRequest request) {
        return clients.forLoop(group.next()).send(request).toCompletableFuture();
    }

    @Test
    void aSecondExchangeWaitsForTheSlotAndThenRuns() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            long started = System.nanoTime();
            CompletableFuture<SubResponse> first = send(slow(origin, 400, Duration.ofSeconds(10)));
            CompletableFuture<SubResponse> second = send(slow(origin, 0, Duration.ofSeconds(10)));

            assertThat(first.get(10, TimeUnit.SECONDS)).isInstanceOf(SubResponse.Received.class);
            assertThat(second.get(10, TimeUnit.SECONDS)).as("it ran once the first freed the slot")
                    .isInstanceOf(SubResponse.Received.class);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).as("the second waited for the first")
                    .isGreaterThanOrEqualTo(Duration.ofMillis(400));
            assertThat(admission.inUse()).as("every slot freed").isZero();
        }
    }

    @Test
    void aWaiterWhoseDeadlinePassesFailsAsAdmissionTimeoutWithoutReachingTheOrigin() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            CompletableFuture<SubResponse> holder = send(slow(origin, 1500, Duration.ofSeconds(10)));
            Thread.sleep(100); // the holder has the slot
            CompletableFuture<SubResponse> waiter = send(slow(origin, 0, Duration.ofMillis(200)));

            SubResponse response = waiter.get(10, TimeUnit.SECONDS);
            assertThat(response).isInstanceOf(SubResponse.Failed.class);
            assertThat(((SubResponse.Failed) response).kind()).isEqualTo(TransportError.ADMISSION_TIMEOUT);
            assertThat(holder.isDone()).as("failed while the holder still ran").isFalse();
            assertThat(holder.get(10, TimeUnit.SECONDS)).isInstanceOf(SubResponse.Received.class);
            assertThat(origin.requestCount()).as("the timed-out one never reached the origin").isEqualTo(1);
            assertThat(admission.inUse()).isZero();
        }
    }
}
