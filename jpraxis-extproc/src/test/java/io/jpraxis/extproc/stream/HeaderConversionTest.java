package io.jpraxis.extproc.stream;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.envoyproxy.envoy.config.core.v3.HeaderMap;
import io.envoyproxy.envoy.config.core.v3.HeaderValue;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HeaderConversionTest {
    private static HeaderMap envoy(String... pairs) {
        HeaderMap.Builder b = HeaderMap.newBuilder();
        for (int i = 0; i < pairs.length; i += 2) {
            b.addHeaders(HeaderValue.newBuilder().setKey(pairs[i])
                    .setRawValue(ByteString.copyFrom(pairs[i + 1], StandardCharsets.ISO_8859_1)));
        }
        return b.build();
    }

    @Test
    void convertsPseudoHeadersAndPrefersRawValue() {
        HeaderMap h = HeaderMap.newBuilder()
                .addHeaders(HeaderValue.newBuilder().setKey("x-both").setValue("plain").setRawValue(ByteString.copyFromUtf8("raw")))
                .addHeaders(HeaderValue.newBuilder().setKey("x-plain").setValue("only"))
                .mergeFrom(envoy(":method", "POST", ":path", "/a/b?x=1", ":authority", "api.example", ":scheme", "https"))
                .build();
        EnvoyRequest r = HeaderConversion.request(h);
        assertThat(r.method()).isEqualTo("POST");
        assertThat(r.path()).isEqualTo("/a/b");
        assertThat(r.query()).isEqualTo("x=1");
        assertThat(r.scheme()).isEqualTo("https");
        assertThat(r.headers().get("host")).isEqualTo("api.example");
        assertThat(r.headers().get("x-both")).isEqualTo("raw");
        assertThat(r.headers().get("x-plain")).isEqualTo("only");
        assertThat(r.headers().contains(":method")).as("pseudo-headers are not regular headers").isFalse();
    }

    @Test
    void invalidMethodAndPathFallBack() {
        EnvoyRequest r = HeaderConversion.request(envoy(":method", "G E T", ":path", "no-slash"));
        assertThat(r.method()).isEqualTo("GET");
        assertThat(r.target()).isEqualTo("/");
    }

    @Test
    void clientIsTheFirstForwardedForEntryParsedAsALiteral() {
        assertThat(HeaderConversion.client("203.0.113.7, 10.0.0.1").getAddress().getHostAddress()).isEqualTo("203.0.113.7");
        assertThat(HeaderConversion.client("[2001:db8::1]").getAddress().getHostAddress()).startsWith("2001:db8");
        assertThat(HeaderConversion.client("not-an-ip").getAddress().isLoopbackAddress())
                .as("a name is never resolved").isTrue();
    }

    @Test
    void statusParsesOrDefaultsTo200() {
        assertThat(HeaderConversion.status(envoy(":status", "404"))).isEqualTo(404);
        assertThat(HeaderConversion.status(envoy(":status", "abc"))).isEqualTo(200);
        assertThat(HeaderConversion.status(envoy("x", "y"))).isEqualTo(200);
    }

    @Test
    void bodyChunksStayBelowTheLimitAndKeepEveryByte() {
        ByteString body = ByteString.copyFrom(new byte[BodyChunker.CHUNK_BYTES * 2 + 5]);
        var chunks = BodyChunker.chunks(body, BodyChunker.CHUNK_BYTES);
        assertThat(chunks).extracting(ByteString::size).containsExactly(BodyChunker.CHUNK_BYTES, BodyChunker.CHUNK_BYTES, 5);
        assertThat(BodyChunker.chunks(ByteString.EMPTY, 10)).containsExactly(ByteString.EMPTY);
    }
}
