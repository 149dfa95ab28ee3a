package io.jpraxis.http.subrequest;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.http.BodySink;
import io.jpraxis.core.http.BodyStream;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.subrequest.SubRequest;
import io.jpraxis.core.subrequest.SubResponse;
import io.jpraxis.core.subrequest.SubStream;
import io.jpraxis.core.subrequest.TransportError;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.server.Transport;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.upstream.Http1Connector;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.TestOrigin;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.resolver.DefaultAddressResolverGroup;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The edge's sub-request client streaming a response against real loopback origins (see
 * docs/behaviour/iterative-router.md#streamed-answers): the head first, then the body one pull
 * at a time; a body read to its end leaves the connection pooled, a cancelled or broken one
 * closes it.
 */
@Timeout(20)
class StreamedSubRequestTest {
    private EventLoopGroup group;
    private EventLoop loop;
    private Http1Connector connector;
    private LoopSubRequestClient client;

    @BeforeEach
    void setUp() {
        group = Transport.nio().newEventLoopGroup(1);
        loop = group.next();
        EdgeMetrics metrics = new EdgeMetrics();
        connector = new Http1Connector(Transport.nio().socketChannelType(), DefaultAddressResolverGroup.INSTANCE, 4,
                WriteBufferWaterMark.DEFAULT, metrics);
        client = new LoopSubRequestClient(loop, connector, metrics, Clock.systemUTC());
    }

    @AfterEach
    void tearDown() {
        connector.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private static SubRequest get(TestOrigin origin, HeaderMap headers) {
        return new SubRequest(UpstreamTarget.detached(TestGateway.cluster("c"), new Endpoint(origin.host(),
                origin.port(), 1)), "GET", "/step", headers, new byte[0], Instant.now().plusSeconds(10), 1);
    }

    private SubStream.Opened open(SubRequest request) throws Exception {
        SubStream opened = client.stream(request).toCompletableFuture().get(15, TimeUnit.SECONDS);
        assertThat(opened).isInstanceOf(SubStream.Opened.class);
        return (SubStream.Opened) opened;
    }

    /** What one pull brought: a piece's text, "end", or "failed: ...". */
    private static String pull(BodyStream body) throws Exception {
        CompletableFuture<String> got = new CompletableFuture<>();
        body.pull(new BodySink() {
            @Override
            public void piece(byte[] bytes) {
                got.complete(new String(bytes, StandardCharsets.UTF_8));
            }

            @Override
            public void end() {
                got.complete("end");
            }

            @Override
            public void failed(String detail) {
                got.complete("failed: " + detail);
            }
        });
        return got.get(15, TimeUnit.SECONDS);
    }

    @Test
    void theHeadArrivesBeforeTheBodyAndEachPullBringsWhatTheOriginSent() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            SubStream.Opened opened = open(get(origin, new HeaderMap().set(OriginCommands.EVENTS, "2")));
            assertThat(opened.status()).isEqualTo(200);
            assertThat(opened.headers().get("content-type")).isEqualTo("text/event-stream");
            assertThat(opened.body().whole()).as("nothing is held whole").isEmpty();
            assertThat(pull(opened.body())).as("event 0 while the origin holds event 1")
                    .isEqualTo("id: 0\ndata: event 0\n\n");
            origin.releaseHeldEvents();
            StringBuilder rest = new StringBuilder();
            String piece;
            while (!(piece = pull(opened.body())).equals("end")) {
                assertThat(piece).doesNotStartWith("failed");
                rest.append(piece);
            }
            assertThat(rest.toString()).isEqualTo("id: 1\ndata: event 1\n\n");
            open(get(origin, new HeaderMap())).body().cancel();
            assertThat(origin.acceptedConnections()).as("a body read to its end leaves the connection pooled")
                    .isEqualTo(1);
        }
    }

    @Test
    void maxResponseBytesDoesNotApplyToAStreamedBody() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            SubStream.Opened opened = open(get(origin, new HeaderMap().set(OriginCommands.DOWNLOAD, "5000")));
            long bytes = 0;
            String piece;
            while (!(piece = pull(opened.body())).equals("end")) {
                assertThat(piece).doesNotStartWith("failed");
                bytes += piece.length();
            }
            assertThat(bytes).as("a limit of 1 byte is for whole answers only").isEqualTo(5000);
        }
    }

    @Test
    void aCancelledBodyClosesItsConnection() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            SubStream.Opened opened = open(get(origin, new HeaderMap().set(OriginCommands.EVENTS, "2")));
            assertThat(pull(opened.body())).startsWith("id: 0");
            opened.body().cancel();
            SubStream.Opened next = open(get(origin, new HeaderMap()));
            next.body().cancel();
            assertThat(origin.acceptedConnections()).as("the cancelled one could not be reused").isEqualTo(2);
        }
    }

    @Test
    void anOriginClosingMidBodyEndsTheBodyAsAFailure() throws Exception {
        try (TestOrigin origin = TestOrigin.builder("o").failing(TestOrigin.Failure.CLOSE_MID_BODY).start()) {
            SubStream.Opened opened = open(get(origin, new HeaderMap()));
            assertThat(opened.headers().get("content-length")).isEqualTo("1000000");
            long bytes = 0;
            String piece;
            while (!(piece = pull(opened.body())).startsWith("failed")) {
                assertThat(piece).isNotEqualTo("end");
                bytes += piece.length();
            }
            assertThat(bytes).isEqualTo(1000);
            assertThat(piece).startsWith("failed: io:");
        }
    }

    @Test
    void aRefusedConnectionFailsBeforeAnyHead() throws Exception {
        int closed = TestOrigin.unusedPort();
        SubRequest request = new SubRequest(UpstreamTarget.detached(TestGateway.cluster("c"),
                new Endpoint("127.0.0.1", closed, 1)), "GET", "/", new HeaderMap(), new byte[0],
                Instant.now().plusSeconds(10), 1);
        SubStream opened = client.stream(request).toCompletableFuture().get(15, TimeUnit.SECONDS);
        assertThat(opened).isInstanceOfSatisfying(SubResponse.Failed.class,
                f -> assertThat(f.kind()).isEqualTo(TransportError.CONNECT));
    }
}
