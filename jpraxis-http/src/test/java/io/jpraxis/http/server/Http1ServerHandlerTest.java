package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.http.testing.FakeUpstream;
import io.jpraxis.http.testing.TestFilters;
import io.netty.handler.codec.http.FullHttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The connection handler without sockets: sequencing, keep-alive and refusals. */
class Http1ServerHandlerTest {

    private static LocalResponse text(String body) {
        return new LocalResponse(200, new HeaderMap().set("content-type", "text/plain"),
                body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void answersLocalResponsesAndKeepsTheConnection() throws Exception {
        try (EmbeddedConnection conn = new EmbeddedConnection(new FakeUpstream(), BodyLimits.DEFAULT,
                TestFilters.onRequest("static", ctx -> new FilterAction.Respond(text("hi " + ctx.matchPath()))))) {
            conn.send("GET /one HTTP/1.1\r\nHost: t\r\n\r\n");
            FullHttpResponse first = conn.nextResponse();
            assertThat(first.status().code()).isEqualTo(200);
            assertThat(first.content().toString(StandardCharsets.UTF_8)).isEqualTo("hi /one");
            assertThat(first.headers().get("connection")).isNull();
            first.release();
            conn.send("GET /two HTTP/1.1\r\nHost: t\r\n\r\n");
            FullHttpResponse second = conn.nextResponse();
            assertThat(second.content().toString(StandardCharsets.UTF_8)).isEqualTo("hi /two");
            second.release();
            assertThat(conn.server.isOpen()).isTrue();
        }
    }

    @Test
    void pipelinedRequestsInOneReadAreAnsweredInOrder() throws Exception {
        try (EmbeddedConnection conn = new EmbeddedConnection(new FakeUpstream(), BodyLimits.DEFAULT,
                TestFilters.onRequest("static", ctx -> new FilterAction.Respond(text(ctx.matchPath()))))) {
            conn.send("GET /a HTTP/1.1\r\nHost: t\r\n\r\nPOST /b HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nxyz"
                    + "GET /c HTTP/1.1\r\nHost: t\r\n\r\n");
            String out = conn.rawOutput();
            assertThat(out.indexOf("/a")).isLessThan(out.indexOf("/b"));
            assertThat(out).as("a request with an unread body ends keep-alive after its answer")
                    .contains("connection: close");
        }
    }

    @Test
    void malformedRequestIs400AndCloses() throws Exception {
        try (EmbeddedConnection conn = new EmbeddedConnection(new FakeUpstream(), BodyLimits.DEFAULT)) {
            conn.send("GARBAGE\r\n\r\n");
            FullHttpResponse response = conn.nextResponse();
            assertThat(response.status().code()).isEqualTo(400);
            assertThat(response.headers().get("x-request-id")).isEqualTo("req-1");
            response.release();
            conn.server.runPendingTasks();
            assertThat(conn.server.isOpen()).as("lingering: still draining what the client sends").isTrue();
            conn.server.advanceTimeBy(LingeringClose.LINGER_MS + 1, java.util.concurrent.TimeUnit.MILLISECONDS);
            conn.server.runScheduledPendingTasks();
            assertThat(conn.server.isOpen()).isFalse();
        }
    }

    @Test
    void http10WithoutKeepAliveCloses() throws Exception {
        try (EmbeddedConnection conn = new EmbeddedConnection(new FakeUpstream(), BodyLimits.DEFAULT,
                TestFilters.respond(204, "text/plain", ""))) {
            conn.send("GET / HTTP/1.0\r\n\r\n");
            String out = conn.rawOutput();
            assertThat(out).startsWith("HTTP/1.1 204").contains("connection: close").doesNotContain("content-length");
            conn.server.runPendingTasks();
            assertThat(conn.server.isOpen()).isFalse();
        }
    }

    @Test
    void drainLetsARequestHeadThatIsArrivingFinishAndAnswersIt() throws Exception {
        try (EmbeddedConnection conn = new EmbeddedConnection(new FakeUpstream(), BodyLimits.DEFAULT,
                TestFilters.respond(200, "text/plain", "served"))) {
            conn.send("POST /order HTTP/1.1\r\nHost: t\r\n");
            conn.registry.drain();
            conn.server.runPendingTasks();
            assertThat(conn.server.isOpen()).as("half a request head is a request in flight, not an idle connection")
                    .isTrue();
            conn.send("Content-Length: 0\r\n\r\n");
            FullHttpResponse response = conn.nextResponse();
            assertThat(response).as("graceful drain loses no request").isNotNull();
            assertThat(response.status().code()).isEqualTo(200);
            assertThat(response.headers().get("connection")).as("and then the connection closes").isEqualTo("close");
            response.release();
        }
    }

    @Test
    void drainClosesAnIdleConnectionAtOnce() throws Exception {
        try (EmbeddedConnection conn = new EmbeddedConnection(new FakeUpstream(), BodyLimits.DEFAULT,
                TestFilters.respond(200, "text/plain", "served"))) {
            conn.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n");
            conn.nextResponse().release();
            conn.registry.drain();
            conn.server.runPendingTasks();
            assertThat(conn.server.isOpen()).as("an idle keep-alive connection has nothing to finish").isFalse();
        }
    }
}
