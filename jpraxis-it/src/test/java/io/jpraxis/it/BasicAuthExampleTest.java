package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * examples/basic-auth.yaml end to end (see docs/reference/filters/basic_auth.md and
 * credential_injection.md): a wrong password is a 401 challenge that never reaches the origin; the
 * right one reaches it with the caller's Authorization replaced by the gateway's key.
 */
class BasicAuthExampleTest {
    static final String EXAMPLE = "basic-auth.yaml";

    private static String get(String path, String userColonPassword) {
        String auth = userColonPassword == null ? "" : "Authorization: Basic " + Base64.getEncoder()
                .encodeToString(userColonPassword.getBytes(StandardCharsets.UTF_8)) + "\r\n";
        return "GET " + path + " HTTP/1.1\r\nHost: console\r\n" + auth + "\r\n";
    }

    @Test
    void wrongPasswordsAreChallengedAndTheRightOneCarriesTheGatewaysKey() throws Exception {
        try (TestOrigin status = TestOrigin.start("status");
                RunningGateway gw = RunningGateway.start(Examples.adapted(EXAMPLE,
                        Map.of("127.0.0.1:3001", status.address())), Examples.features(EXAMPLE));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            for (String wrong : new String[] {null, "viewer:open-sesam", "viewer:open-sesame-", "admin:open-sesame"}) {
                RawResponse refused = conn.send(get("/status", wrong)).readResponse();
                assertThat(refused.status()).as("credentials " + wrong).isEqualTo(401);
                assertThat(refused.header("www-authenticate")).isEqualTo("Basic realm=\"Status console\"");
                assertThat(new String(refused.body(), StandardCharsets.UTF_8)).doesNotContain("status-backend-key");
            }
            assertThat(status.requestCount()).as("no refused request reached the origin").isZero();

            RawResponse ok = conn.send(get("/status", "viewer:open-sesame")).readResponse();
            assertThat(ok.status()).isEqualTo(200);
            EchoResponse seen = EchoResponse.parse(ok.body());
            assertThat(seen.path()).isEqualTo("/status");
            assertThat(seen.headerValues("authorization")).as("the caller's Basic credentials are gone, the "
                    + "gateway's key took their place").containsExactly("Bearer status-backend-key");
            assertThat(status.requestCount()).isEqualTo(1);
        }
    }
}
