package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * examples/json-body.yaml end to end with real origins: the request body is edited before routing
 * (header extracted, member removed, member added, length recomputed), a non-JSON body passes
 * untouched, and the origin's /internal member never reaches the client.
 */
class JsonBodyExampleTest {
    static final String EXAMPLE = "json-body.yaml";

    private static String post(String contentType, String body) {
        return "POST /api/search HTTP/1.1\r\nHost: test\r\nContent-Type: " + contentType + "\r\nContent-Length: "
                + body.getBytes(StandardCharsets.UTF_8).length + "\r\nX-User-Id: forged\r\n\r\n" + body;
    }

    private static RunningGateway gateway(TestOrigin api) {
        return RunningGateway.start(Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001", api.address())));
    }

    private static String sha256(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void theRequestBodyIsEditedBeforeTheOriginSeesIt() throws Exception {
        try (TestOrigin api = TestOrigin.start("api"); RunningGateway gw = gateway(api);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.send(post("application/json", "{\"user\": {\"id\": \"u-7\"}, \"debug\": true, "
                    + "\"q\": \"hi\"}")).readResponse();

            assertThat(r.status()).isEqualTo(200);
            EchoResponse echo = EchoResponse.parse(r.bodyText());
            String expected = "{\"user\":{\"id\":\"u-7\"},\"q\":\"hi\",\"tenant\":\"acme\"}";
            assertThat(echo.bodySha256()).as("debug removed, tenant added").isEqualTo(sha256(expected));
            assertThat(echo.header("content-length")).as("the length of the edited body")
                    .isEqualTo(String.valueOf(expected.length()));
            assertThat(echo.header("x-user-id")).as("from the body; the client's copy is dropped").isEqualTo("u-7");

            RawResponse plain = conn.send(post("text/plain", "{\"debug\": true}")).readResponse();
            assertThat(EchoResponse.parse(plain.bodyText()).bodySha256()).as("not a listed content type: as sent")
                    .isEqualTo(sha256("{\"debug\": true}"));
        }
    }

    @Test
    void theInternalMemberIsRemovedFromJsonResponses() throws Exception {
        String answer = "{\"id\": 12, \"internal\": {\"host\": \"db-3\"}, \"items\": [1, 2]}";
        try (TestOrigin api = TestOrigin.builder("api").fixed(200, "application/json", answer).start();
                RunningGateway gw = gateway(api); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.send("GET /api/item HTTP/1.1\r\nHost: test\r\n\r\n").readResponse();

            assertThat(r.status()).isEqualTo(200);
            assertThat(r.bodyText()).isEqualTo("{\"id\":12,\"items\":[1,2]}");
            assertThat(r.header("content-type")).isEqualTo("application/json");
        }
    }
}
