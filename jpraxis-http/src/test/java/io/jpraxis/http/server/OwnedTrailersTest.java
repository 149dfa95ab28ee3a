package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.ClusterHttpConfig.HttpVersion;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.http.testing.TestCluster;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.H2Origin;
import io.jpraxis.testkit.H2Response;
import io.jpraxis.testkit.H2cClient;
import io.jpraxis.testkit.RawHttpConnection;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.Http2Headers;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the gateway owns in a request head it owns in the request's trailers too (see
 * docs/behaviour/routing-headers.md#headers-a-filter-owns and
 * docs/behaviour/upstream-http2.md#trailers): every reserved prefix ({@code x-praxis-},
 * {@code x-ext-protocol-}, {@code x-ext-agent-}), the headers a filter of the pipeline owns, and
 * the fields that frame or route a message never reach an HTTP/2 origin after the body, whether the
 * client spoke HTTP/2 or HTTP/1.1. The h2c origin echoes each request trailer back as a response
 * trailer {@code x-echo-<name>}, so what it received is visible to the client.
 */
@Timeout(20)
class OwnedTrailersTest {
    /** Request trailers no origin may receive from a client, and why. */
    private static final List<String> STOPPED = List.of("x-praxis-model", "x-ext-protocol-version", "x-ext-agent-id",
            "x-route-to", "content-length", "host", "authorization");

    @Test
    void http2ClientTrailersToAnHttp2OriginLoseEveryGatewayOwnedField() {
        try (H2Origin origin = H2Origin.builder().start();
                TestGateway gw = gateway(origin);
                H2cClient client = H2cClient.connect(gw.port())) {
            Http2Headers trailers = new DefaultHttp2Headers(false).add("x-checksum", "900150983cd2");
            STOPPED.forEach(name -> trailers.add(name, "forged"));
            H2Response response = H2cClient.await(client.sendFrames(
                    H2cClient.headers("POST", "/t").add("te", "trailers"),
                    new DefaultHttp2DataFrame(Unpooled.copiedBuffer("abc", StandardCharsets.US_ASCII)),
                    new DefaultHttp2HeadersFrame(trailers, true)));

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("x-body-bytes")).as("the body went whole").isEqualTo("3");
            assertThat(response.trailer("x-echo-x-checksum")).as("an ordinary request trailer reaches the origin")
                    .isEqualTo("900150983cd2");
            for (String name : STOPPED) {
                assertThat(response.trailers()).as(name + " stops at the edge, after the body as in the head")
                        .doesNotContainKey("x-echo-" + name);
            }
        }
    }

    @Test
    void http11ChunkedTrailersToAnHttp2OriginLoseEveryGatewayOwnedField() throws Exception {
        try (H2Origin origin = H2Origin.builder().start();
                TestGateway gw = gateway(origin);
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            StringBuilder trailers = new StringBuilder("X-Checksum: 42\r\n");
            STOPPED.forEach(name -> trailers.append(name).append(": forged\r\n"));
            client.send("POST /t HTTP/1.1\r\nHost: test\r\nConnection: close\r\nTE: trailers\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n" + trailers + "\r\n");
            String raw = new String(client.input().readAllBytes(), StandardCharsets.ISO_8859_1).toLowerCase();

            assertThat(raw).startsWith("http/1.1 200");
            assertThat(raw).as("the ordinary trailer crossed to the h2 origin and came back")
                    .contains("\r\nx-echo-x-checksum: 42\r\n");
            for (String name : STOPPED) {
                assertThat(raw).as(name + " stops at the edge:\n" + raw).doesNotContain("x-echo-" + name);
            }
        }
    }

    /** One event loop; a filter owning {@code x-route-to}, then the h2c origin. */
    private static TestGateway gateway(H2Origin origin) {
        TestCluster cluster = TestCluster.named("c").endpoint(origin.host(), origin.port()).version(HttpVersion.H2);
        return TestGateway.builder().runtime(1, 64, null).filter(owner("x-route-to"))
                .filter(TestFilters.firstEndpoint(cluster.state())).start();
    }

    /** A filter that owns {@code header}, as routing filters own the headers they set. */
    private static HttpFilter owner(String header) {
        return new TestFilters.Simple("test_owner") {
            @Override
            public FilterDeclaration declaration() {
                return super.declaration().withOwnedRequestHeaders(Set.of(header));
            }

            @Override
            public FilterAction onRequest(RequestContext ctx) {
                return FilterAction.CONTINUE;
            }
        };
    }
}
