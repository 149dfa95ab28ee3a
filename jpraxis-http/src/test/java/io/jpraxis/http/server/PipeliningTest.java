package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Pipelined requests (RFC 9112 9.3.2) are answered in the order they arrived. */
@Timeout(30)
class PipeliningTest {

    @Test
    void proxiedPipelinedRequestsAreAnsweredInOrder() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("GET /a HTTP/1.1\r\nHost: test\r\n" + OriginCommands.DELAY_MS + ": 100\r\n\r\n"
                    + "POST /b HTTP/1.1\r\nHost: test\r\nContent-Length: 5\r\n\r\nhello"
                    + "GET /c HTTP/1.1\r\nHost: test\r\n\r\n");
            assertThat(client.readResponse().echo().path()).isEqualTo("/a");
            var b = client.readResponse().echo();
            assertThat(b.path()).isEqualTo("/b");
            assertThat(b.bodyBytes()).isEqualTo(5);
            assertThat(client.readResponse().echo().path()).isEqualTo("/c");
        }
    }

    @Test
    void localAndProxiedAnswersKeepTheirOrder() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder()
                        .filter(TestFilters.onRequest("local_when_prefixed", ctx -> ctx.matchPath().startsWith("/local")
                                ? new FilterAction.Respond(new LocalResponse(200, new HeaderMap(),
                                        ctx.matchPath().getBytes(StandardCharsets.UTF_8)))
                                : FilterAction.CONTINUE))
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin))
                        .start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("GET /local/1 HTTP/1.1\r\nHost: test\r\n\r\n"
                    + "GET /proxied/2 HTTP/1.1\r\nHost: test\r\n" + OriginCommands.DELAY_MS + ": 150\r\n\r\n"
                    + "GET /local/3 HTTP/1.1\r\nHost: test\r\n\r\n");
            assertThat(client.readResponse().bodyText()).isEqualTo("/local/1");
            assertThat(client.readResponse().echo().path()).isEqualTo("/proxied/2");
            assertThat(client.readResponse().bodyText()).isEqualTo("/local/3");
        }
    }

    @Test
    void manyPipelinedRequestsInOneWriteAreAllAnswered() throws IOException {
        int count = 2_000;
        StringBuilder batch = new StringBuilder();
        for (int i = 0; i < count; i++) {
            batch.append("GET /").append(i).append(" HTTP/1.1\r\nHost: test\r\n\r\n");
        }
        try (TestGateway gw = TestGateway.builder()
                        .filter(TestFilters.onRequest("path_echo", ctx -> new FilterAction.Respond(new LocalResponse(200,
                                new HeaderMap(), ctx.matchPath().getBytes(StandardCharsets.UTF_8)))))
                        .start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send(batch.toString());
            for (int i = 0; i < count; i++) {
                RawResponse response = client.readResponse();
                assertThat(response.bodyText()).as("response %d in order", i).isEqualTo("/" + i);
            }
        }
    }
}
