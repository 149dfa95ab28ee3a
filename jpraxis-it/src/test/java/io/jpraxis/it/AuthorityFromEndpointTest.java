package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.TestOrigin;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code http.authority: {from: endpoint}}: each origin is sent its own address as Host, whatever the client sent. */
class AuthorityFromEndpointTest {

    @Test
    void eachAttemptNamesItsOwnEndpoint() throws Exception {
        try (TestOrigin a = TestOrigin.start("a"); TestOrigin b = TestOrigin.start("b")) {
            String yaml = TestConfigs.routed("""
                    - path_prefix: "/"
                      cluster: pair
                    """, """
                    - name: pair
                      endpoints: ["%s", "%s"]
                      http:
                        authority: {from: endpoint}
                    """.formatted(a.address(), b.address()));
            try (RunningGateway gw = RunningGateway.start(yaml);
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                Map<String, String> hostSeenBy = new HashMap<>();
                for (int i = 0; i < 4; i++) {
                    conn.send("GET /x HTTP/1.1\r\nHost: gateway.example\r\n\r\n");
                    EchoResponse echo = EchoResponse.parse(conn.readResponse().body());
                    hostSeenBy.put(echo.origin(), echo.header("host"));
                }
                assertThat(hostSeenBy).as("round robin reached both, each with its own address")
                        .containsEntry("a", a.address()).containsEntry("b", b.address());
            }
        }
    }
}
