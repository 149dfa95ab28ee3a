package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * examples/api-key-auth.yaml end to end over real sockets (see
 * docs/reference/filters/api_key_auth.md): a wrong or missing client key is a 401 in the SDK's
 * shape that never reaches the origin; a known key, in either header, reaches it with the
 * client's key gone and the gateway's provider key in its place.
 */
class ApiKeyAuthExampleTest {
    static final String EXAMPLE = "api-key-auth.yaml";

    private static String post(String path, String header) {
        String body = "{\"model\":\"gpt-4o-mini\"}";
        return "POST " + path + " HTTP/1.1\r\nHost: ai\r\ncontent-type: application/json\r\ncontent-length: "
                + body.length() + "\r\n" + (header == null ? "" : header + "\r\n") + "\r\n" + body;
    }

    /** One request on its own connection: a local 401 may close the connection it answers. */
    private static RawResponse send(RunningGateway gw, String request) throws Exception {
        try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            return conn.send(request).readResponse();
        }
    }

    @Test
    void wrongKeysAreRefusedInTheSdkShapeAndKnownKeysNeverReachTheOrigin() throws Exception {
        try (TestOrigin provider = TestOrigin.start("provider");
                RunningGateway gw = RunningGateway.start(Examples.adapted(EXAMPLE,
                        Map.of("127.0.0.1:3001", provider.address())), Examples.features(EXAMPLE))) {
            RawResponse openAi = send(gw, post("/v1/chat/completions", "Authorization: Bearer sk-client-alphx"));
            assertThat(openAi.status()).isEqualTo(401);
            assertThat(openAi.header("www-authenticate")).isEqualTo("Bearer");
            assertThat(new String(openAi.body(), StandardCharsets.UTF_8)).as("OpenAI's invalid_api_key")
                    .contains("\"code\":\"invalid_api_key\"");
            RawResponse anthropic = send(gw, post("/v1/messages", null));
            assertThat(anthropic.status()).isEqualTo(401);
            assertThat(new String(anthropic.body(), StandardCharsets.UTF_8)).as("Anthropic's authentication_error")
                    .contains("\"type\":\"authentication_error\"");
            assertThat(provider.requestCount()).as("no refused request reached the origin").isZero();

            for (String header : new String[] {"Authorization: Bearer sk-client-alpha", "x-api-key: sk-client-beta"}) {
                RawResponse ok = send(gw, post("/v1/chat/completions", header));
                assertThat(ok.status()).as(header).isEqualTo(200);
                EchoResponse seen = EchoResponse.parse(ok.body());
                assertThat(seen.headerValues("authorization")).as("only the gateway's key reaches the provider")
                        .containsExactly("Bearer sk-gateway-provider-key");
                assertThat(seen.headerValues("x-api-key")).as("the client's x-api-key is gone").isEmpty();
                assertThat(new String(ok.body(), StandardCharsets.UTF_8)).as("no client key anywhere upstream")
                        .doesNotContain("sk-client-");
            }
            assertThat(provider.requestCount()).isEqualTo(2);
        }
    }
}
