package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.RetryCondition;
import io.jpraxis.config.model.RetryPolicyConfig;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.http.testing.TestCluster;
import io.jpraxis.http.testing.FakeUpstream;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.upstream.UpstreamFailure;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The relay's state machine against a scripted upstream, without sockets. */
class ProxyExchangeTest {
    private final FakeUpstream upstream = new FakeUpstream();

    private EmbeddedConnection connection() throws Exception {
        return connection(TestGateway.cluster("c"));
    }

    private EmbeddedConnection connection(ClusterConfig cluster) throws Exception {
        return new EmbeddedConnection(upstream, BodyLimits.DEFAULT, TestFilters.forwardTo(cluster, "127.0.0.1", 9));
    }

    private static HttpResponse ok(int length) {
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().setInt("content-length", length);
        return head;
    }

    @Test
    void relaysARequestAndReleasesTheStreamAfterTheResponse() throws Exception {
        try (EmbeddedConnection conn = connection()) {
            conn.send("GET /x HTTP/1.1\r\nHost: t\r\n\r\n");
            FakeUpstream.Stream stream = upstream.last();
            assertThat(stream.written().getFirst()).isInstanceOf(HttpRequest.class);
            assertThat(stream.written().getLast()).isInstanceOf(LastHttpContent.class);
            assertThat(stream.wasRequestSent()).isTrue();
            stream.listener().onResponseHead(ok(2));
            stream.listener().onResponseContent(new DefaultLastHttpContent(Unpooled.copiedBuffer("ok", StandardCharsets.UTF_8)));
            FullHttpResponse response = conn.nextResponse();
            assertThat(response.content().toString(StandardCharsets.UTF_8)).isEqualTo("ok");
            response.release();
            assertThat(stream.released()).as("clean exchange: back to the pool").isTrue();
        }
    }

    @Test
    void failureBeforeTheHeadIs502() throws Exception {
        upstream.failAcquire(UpstreamFailure.CONNECT_TIMEOUT);
        try (EmbeddedConnection conn = connection()) {
            conn.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n");
            FullHttpResponse response = conn.nextResponse();
            assertThat(response.status().code()).isEqualTo(502);
            assertThat(response.content().toString(StandardCharsets.UTF_8)).contains("connect timed out");
            response.release();
        }
    }

    @Test
    void failureAfterTheHeadAbortsTheClientConnection() throws Exception {
        try (EmbeddedConnection conn = connection()) {
            conn.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n");
            FakeUpstream.Stream stream = upstream.last();
            stream.listener().onResponseHead(ok(100));
            stream.listener().onResponseContent(new DefaultHttpContent(Unpooled.wrappedBuffer(new byte[10])));
            stream.listener().onFailure(UpstreamFailure.RESET);
            conn.server.runPendingTasks();
            assertThat(conn.server.isOpen()).isFalse();
        }
    }

    @Test
    void staleReusedStreamIsRetriedOnAFreshOne() throws Exception {
        upstream.reusedNext(true);
        try (EmbeddedConnection conn = connection()) {
            conn.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n");
            upstream.last().listener().onFailure(UpstreamFailure.PREMATURE_CLOSE);
            assertThat(upstream.freshRequests()).containsExactly(false, true);
            FakeUpstream.Stream retry = upstream.last();
            assertThat(retry.written()).hasSize(2);
            retry.listener().onResponseHead(ok(0));
            retry.listener().onResponseContent(LastHttpContent.EMPTY_LAST_CONTENT);
            FullHttpResponse response = conn.nextResponse();
            assertThat(response.status().code()).isEqualTo(200);
            response.release();
        }
    }

    @Test
    void staleRetryReplaysTheRequestBody() throws Exception {
        upstream.reusedNext(true);
        try (EmbeddedConnection conn = connection()) {
            conn.send("PUT / HTTP/1.1\r\nHost: t\r\nContent-Length: 11\r\n\r\nhello");
            conn.send(" world");
            FakeUpstream.Stream stale = upstream.last();
            assertThat(stale.bodyText()).isEqualTo("hello world");
            stale.listener().onFailure(UpstreamFailure.PREMATURE_CLOSE);
            FakeUpstream.Stream retry = upstream.last();
            assertThat(retry).isNotSameAs(stale);
            assertThat(retry.bodyText()).as("the kept body is sent again, whole").isEqualTo("hello world");
            assertThat(retry.wasRequestSent()).isTrue();
            retry.listener().onResponseHead(ok(0));
            retry.listener().onResponseContent(LastHttpContent.EMPTY_LAST_CONTENT);
            FullHttpResponse response = conn.nextResponse();
            assertThat(response.status().code()).isEqualTo(200);
            response.release();
        }
    }

    @Test
    void bodyOverTheReplayLimitIsNotRetried() throws Exception {
        upstream.reusedNext(true);
        try (EmbeddedConnection conn = connection(TestCluster.named("c").retry(2, 4, false).build())) {
            conn.send("PUT / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello");
            upstream.last().listener().onFailure(UpstreamFailure.PREMATURE_CLOSE);
            assertThat(upstream.streams()).as("5 body bytes sent, retry_body_limit_bytes 4").hasSize(1);
            FullHttpResponse response = conn.nextResponse();
            assertThat(response.status().code()).isEqualTo(502);
            response.release();
        }
    }

    @Test
    void connectFailuresAreRetriedUpToMaxRetries() throws Exception {
        upstream.failAcquire(UpstreamFailure.CONNECT_REFUSED);
        // No backoff: the embedded channel runs no timers (a configured policy always has one).
        RetryPolicyConfig atOnce = new RetryPolicyConfig(true, 3, List.of(RetryCondition.CONNECT_FAILURE), List.of(),
                null, null, null, null, 1024, false);
        try (EmbeddedConnection conn = connection(TestCluster.named("c").retry(atOnce).build())) {
            conn.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n");
            FullHttpResponse response = conn.nextResponse();
            assertThat(response.status().code()).isEqualTo(502);
            assertThat(upstream.freshRequests()).as("one attempt and three retries").hasSize(4);
            response.release();
        }
    }

    @Test
    void postIsNotRetried() throws Exception {
        upstream.reusedNext(true);
        try (EmbeddedConnection conn = connection()) {
            conn.send("POST / HTTP/1.1\r\nHost: t\r\n\r\n");
            upstream.last().listener().onFailure(UpstreamFailure.PREMATURE_CLOSE);
            assertThat(upstream.streams()).hasSize(1);
            FullHttpResponse response = conn.nextResponse();
            assertThat(response.status().code()).as("RFC 9110 9.2.2: not idempotent").isEqualTo(502);
            response.release();
        }
    }

    @Test
    void requestBodyWaitsWhileTheUpstreamIsNotWritable() throws Exception {
        try (EmbeddedConnection conn = connection()) {
            conn.send("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n");
            FakeUpstream.Stream stream = upstream.last();
            stream.writable(false);
            conn.send("3\r\nabc\r\n");
            conn.send("3\r\ndef\r\n0\r\n\r\n");
            long bodyPieces = stream.written().stream().filter(HttpContent.class::isInstance).count();
            assertThat(bodyPieces).as("one piece relayed, then reading paused").isEqualTo(1);
            stream.writable(true);
            bodyPieces = stream.written().stream().filter(HttpContent.class::isInstance).count();
            assertThat(bodyPieces).as("resumed on writability").isGreaterThanOrEqualTo(2);
        }
    }

    @Test
    void earlyResponseEndsTheConnectionAndAbortsTheStream() throws Exception {
        try (EmbeddedConnection conn = connection()) {
            // Chunked, so the body streams (a small one with a length is read whole before connecting).
            conn.send("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n");
            FakeUpstream.Stream stream = upstream.last();
            stream.listener().onResponseHead(ok(0));
            stream.listener().onResponseContent(LastHttpContent.EMPTY_LAST_CONTENT);
            FullHttpResponse response = conn.nextResponse();
            assertThat(response.headers().get("connection")).isEqualTo("close");
            response.release();
            assertThat(stream.aborted()).as("request not fully sent: the connection cannot be reused").isTrue();
        }
    }

    @Test
    void clientLeavingWhileConnectingGivesEverythingBackOnceAndDropsTheLateConnection() throws Exception {
        upstream.deferAcquire();
        ClusterState state = TestCluster.named("c").endpoint("127.0.0.1", 9).maxConnections(1).state();
        try (EmbeddedConnection conn = new EmbeddedConnection(upstream, BodyLimits.DEFAULT,
                TestFilters.firstEndpoint(state))) {
            conn.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(state.inFlight()).as("the slot is held while connecting").isEqualTo(1);
            conn.server.close();
            conn.server.runPendingTasks();
            assertThat(state.inFlight()).as("slot given back when the client left").isZero();
            assertThat(state.endpoints().getFirst().inFlight()).isZero();

            upstream.completeDeferred(); // the connection arrives after all
            assertThat(upstream.last().aborted()).as("a connection nobody waits for is closed, not used").isTrue();
            assertThat(upstream.last().written()).as("nothing was sent on it").isEmpty();
            assertThat(state.inFlight()).as("nothing given back twice").isZero();
            assertThat(state.endpoints().getFirst().inFlight()).isZero();
        }
    }

    @Test
    void clientCloseAbortsTheStream() throws Exception {
        try (EmbeddedConnection conn = connection()) {
            conn.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n");
            FakeUpstream.Stream stream = upstream.last();
            conn.server.close();
            conn.server.runPendingTasks();
            assertThat(stream.aborted()).isTrue();
            assertThat(stream.released()).isFalse();
        }
    }
}
