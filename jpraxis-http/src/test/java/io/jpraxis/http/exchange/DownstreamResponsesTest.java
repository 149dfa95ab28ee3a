package io.jpraxis.http.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.http.ResponseHead;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class DownstreamResponsesTest {

    private static HttpResponse upstream(String... headerPairs) {
        HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        for (int i = 0; i < headerPairs.length; i += 2) {
            response.headers().add(headerPairs[i], headerPairs[i + 1]);
        }
        return response;
    }

    private static HttpRequest client(HttpVersion version, HttpMethod method) {
        return new DefaultHttpRequest(version, method, "/");
    }

    private static DownstreamResponses.Built build(HttpResponse upstream, HttpRequest client, boolean keepAlive) {
        ResponseHead view = DownstreamResponses.filterView(upstream);
        return DownstreamResponses.build(view, upstream, client, keepAlive);
    }

    @Test
    void lengthFramedResponseKeepsTheOriginsLength() {
        HttpResponse up = upstream("Content-Length", "10", "Connection", "close");
        ResponseHead view = DownstreamResponses.filterView(up);
        view.headers().set("content-length", "3"); // a filter cannot change the framing
        var built = DownstreamResponses.build(view, up, client(HttpVersion.HTTP_1_1, HttpMethod.GET), true);
        assertThat(built.head().headers().get("content-length")).isEqualTo("10");
        assertThat(built.keepAlive()).as("the origin's Connection: close is hop-by-hop").isTrue();
        assertThat(built.head().headers().contains("connection")).isFalse();
    }

    @Test
    void theDirectPathDropsWhatTheOriginsConnectionLinesNameAndKeepsTheRest() {
        HttpResponse up = upstream("Content-Length", "0", "Connection", "keep-alive, X-Hop-Secret",
                "Connection", "close", "X-Hop-Secret", "s", "Keep-Alive", "timeout=5", "X-Kept", "k");
        var built = DownstreamResponses.direct(up, client(HttpVersion.HTTP_1_1, HttpMethod.GET), true);
        assertThat(built.head().headers().contains("x-hop-secret")).isFalse();
        assertThat(built.head().headers().contains("keep-alive")).isFalse();
        assertThat(built.head().headers().get("x-kept")).isEqualTo("k");

        var plain = DownstreamResponses.direct(upstream("Content-Length", "0", "Connection", "keep-alive", "X-Kept", "k"),
                client(HttpVersion.HTTP_1_1, HttpMethod.GET), true);
        assertThat(plain.head().headers().get("x-kept")).isEqualTo("k");
        assertThat(plain.head().headers().contains("keep-alive")).isFalse();
    }

    @Test
    void unframedBodyIsChunkedForHttp11() {
        var built = build(upstream("Transfer-Encoding", "chunked"), client(HttpVersion.HTTP_1_1, HttpMethod.GET), true);
        assertThat(built.head().headers().get("transfer-encoding")).isEqualTo("chunked");
        assertThat(built.keepAlive()).isTrue();
    }

    @Test
    void unframedBodyIsCloseDelimitedForHttp10() {
        var built = build(upstream(), client(HttpVersion.HTTP_1_0, HttpMethod.GET), true);
        assertThat(built.head().headers().contains("transfer-encoding")).isFalse();
        assertThat(built.keepAlive()).isFalse();
        assertThat(built.head().headers().get("connection")).isEqualTo("close");
    }

    @Test
    void http10KeepAliveIsAnnounced() {
        var built = build(upstream("Content-Length", "0"), client(HttpVersion.HTTP_1_0, HttpMethod.GET), true);
        assertThat(built.head().headers().get("connection")).isEqualTo("keep-alive");
    }

    @Test
    void headAndNoContentNeedNoFraming() {
        var head = build(upstream(), client(HttpVersion.HTTP_1_1, HttpMethod.HEAD), true);
        assertThat(head.head().headers().contains("transfer-encoding")).isFalse();
        assertThat(head.keepAlive()).isTrue();
        HttpResponse noContent = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.NO_CONTENT);
        assertThat(build(noContent, client(HttpVersion.HTTP_1_1, HttpMethod.GET), true).keepAlive()).isTrue();
    }

    @Test
    void filterViewDropsHopByHopAndReserved() {
        ResponseHead view = DownstreamResponses.filterView(upstream("Connection", "x-a", "X-A", "1", "Keep-Alive", "t=1",
                "X-Praxis-Route", "r", "X-Ok", "1"));
        assertThat(view.headers().contains("x-a")).isFalse();
        assertThat(view.headers().contains("keep-alive")).isFalse();
        assertThat(view.headers().contains("x-praxis-route")).isFalse();
        assertThat(view.headers().get("x-ok")).isEqualTo("1");
        assertThat(view.local()).isFalse();
    }

    @Test
    void changedStatusGetsItsOwnReasonPhrase() {
        HttpResponse up = upstream("Content-Length", "0");
        ResponseHead view = DownstreamResponses.filterView(up);
        view.status(404);
        var built = DownstreamResponses.build(view, up, client(HttpVersion.HTTP_1_1, HttpMethod.GET), true);
        assertThat(built.head().status()).isEqualTo(HttpResponseStatus.NOT_FOUND);
    }

    @Test
    void directHeadIsWhatTheResponsePhaseWouldHaveBuiltWithoutFilters() {
        List<HttpResponse> responses = List.of(
                upstream("Content-Type", "text/plain", "Content-Length", "5", "X-Custom", "a", "x-custom", "b"),
                upstream("Connection", "keep-alive, X-Hop", "X-Hop", "1", "Keep-Alive", "timeout=5", "Date", "d"),
                upstream("Transfer-Encoding", "chunked", "X-Praxis-Route", "r", "Set-Cookie", "a=1", "Set-Cookie", "b=2"),
                upstream("Upgrade", "h2c", "TE", "trailers", "Trailer", "x", "Proxy-Authenticate", "Basic", "Vary", "*"));
        for (HttpResponse origin : responses) {
            for (HttpRequest client : List.of(client(HttpVersion.HTTP_1_1, HttpMethod.GET),
                    client(HttpVersion.HTTP_1_0, HttpMethod.GET), client(HttpVersion.HTTP_1_1, HttpMethod.HEAD))) {
                for (boolean keepAlive : new boolean[] {true, false}) {
                    DownstreamResponses.Built viaFilters = build(origin, client, keepAlive);
                    // direct() consumes the origin's head, so each call gets its own copy
                    DownstreamResponses.Built direct = DownstreamResponses.direct(copy(origin), client, keepAlive);
                    assertThat(direct.keepAlive()).isEqualTo(viaFilters.keepAlive());
                    assertThat(direct.head().status()).isEqualTo(viaFilters.head().status());
                    assertThat(lines(direct))
                            .as("headers for %s, client %s, keep-alive %s", origin.headers(), client, keepAlive)
                            .isEqualTo(lines(viaFilters));
                }
            }
        }
    }

    /** The head's lines in order, names lower-cased: the direct path keeps the origin's spelling, which HTTP ignores. */
    private static List<String> lines(DownstreamResponses.Built built) {
        return built.head().headers().entries().stream()
                .map(e -> e.getKey().toLowerCase(Locale.ROOT) + ": " + e.getValue()).toList();
    }

    private static HttpResponse copy(HttpResponse origin) {
        HttpResponse copy = new DefaultHttpResponse(origin.protocolVersion(), origin.status());
        copy.headers().add(origin.headers());
        return copy;
    }
}
