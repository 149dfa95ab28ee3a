package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.aayushatharva.brotli4j.decoder.BrotliInputStream;
import com.github.luben.zstd.ZstdInputStream;
import io.jpraxis.testkit.TestOrigin;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * examples/compression.yaml end to end: a 64 KiB JSON answer from a real origin, fetched with each
 * Accept-Encoding over HTTP/1.1 and decoded by the client byte for byte.
 */
class CompressionExampleTest {
    static final String EXAMPLE = "compression.yaml";

    @Test
    void eachClientGetsTheCodingItPrefersAndTheSameBytes() throws Exception {
        String json = jsonOf(64 * 1024);
        try (TestOrigin api = TestOrigin.builder("api").fixed(200, "application/json", json).start();
                RunningGateway gw = RunningGateway.start(Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001", api.address())))) {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            String base = "http://127.0.0.1:" + gw.port() + "/items";
            for (Map.Entry<String, String> ask : Map.of("gzip", "gzip", "br;q=1, gzip;q=0.5", "br",
                    "zstd, br, gzip", "zstd").entrySet()) {
                HttpResponse<byte[]> response = client.send(HttpRequest.newBuilder(URI.create(base))
                        .header("Accept-Encoding", ask.getKey()).build(), HttpResponse.BodyHandlers.ofByteArray());
                assertThat(response.statusCode()).isEqualTo(200);
                assertThat(response.headers().firstValue("content-encoding")).as(ask.getKey()).hasValue(ask.getValue());
                assertThat(response.headers().firstValue("vary")).hasValueSatisfying(v -> assertThat(v)
                        .containsIgnoringCase("accept-encoding"));
                assertThat(response.headers().firstValue("content-length")).as("the length of the plain body is gone")
                        .isEmpty();
                assertThat(response.body().length).as("JSON compresses well").isLessThan(json.length() / 4);
                assertThat(new String(decode(ask.getValue(), response.body()), StandardCharsets.UTF_8))
                        .as(ask.getValue() + " decodes to the origin's bytes").isEqualTo(json);
            }

            HttpResponse<String> plain = client.send(HttpRequest.newBuilder(URI.create(base))
                    .header("Accept-Encoding", "identity").build(), HttpResponse.BodyHandlers.ofString());
            assertThat(plain.headers().firstValue("content-encoding")).as("identity only: sent as is").isEmpty();
            assertThat(plain.headers().firstValue("vary")).as("a cache must still tell the variants apart")
                    .hasValueSatisfying(v -> assertThat(v).containsIgnoringCase("accept-encoding"));
            assertThat(plain.body()).isEqualTo(json);
        }
    }

    @Test
    void smallAndHeadResponsesAreLeftAlone() throws Exception {
        String small = "{\"ok\":true}";
        try (TestOrigin api = TestOrigin.builder("api").fixed(200, "application/json", small).start();
                RunningGateway gw = RunningGateway.start(Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001", api.address())))) {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + gw.port() + "/health")).header("Accept-Encoding", "gzip").build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.headers().firstValue("content-encoding")).as("below min_size_bytes").isEmpty();
            assertThat(response.body()).isEqualTo(small);
        }
    }

    private static byte[] decode(String coding, byte[] encoded) throws IOException {
        ByteArrayInputStream in = new ByteArrayInputStream(encoded);
        try (InputStream decoded = switch (coding) {
            case "gzip" -> new GZIPInputStream(in);
            case "br" -> new BrotliInputStream(in);
            case "zstd" -> new ZstdInputStream(in);
            default -> throw new IllegalArgumentException(coding);
        }) {
            return decoded.readAllBytes();
        }
    }

    private static String jsonOf(int bytes) {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; out.length() < bytes; i++) {
            out.append(i == 0 ? "" : ",").append("{\"id\":").append(i).append(",\"name\":\"item ").append(i)
                    .append("\",\"tags\":[\"a\",\"b\"]}");
        }
        return out.append(']').toString();
    }
}
