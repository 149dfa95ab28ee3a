package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A router route's {@code retry_policy} over a cluster without one, loaded from YAML and run over
 * real sockets (see docs/behaviour/retries.md#route-level-policies): requests on the route are
 * retried past a 503 onto the other endpoint, requests on another route to the same cluster keep
 * the legacy policy and see the 503.
 */
@Timeout(30)
class RetryPolicyEndToEndTest {

    @Test
    void aRoutePolicyRetries503sOnAnotherEndpointWhileOtherRoutesKeepTheLegacyPolicy() throws Exception {
        try (TestOrigin down = TestOrigin.builder("down").fixed(503, "text/plain", "down").start();
                TestOrigin live = TestOrigin.start("live")) {
            String yaml = TestConfigs.routed("""
                    - path_prefix: "/retried"
                      cluster: pool
                      retry_policy:
                        retriable_conditions: [status_5xx]
                        backoff: {base_interval_ms: 1, max_interval_ms: 5}
                    - path_prefix: "/"
                      cluster: pool
                    """, """
                    - name: pool
                      endpoints: ["%s", "%s"]
                    """.formatted(down.address(), live.address()));
            try (RunningGateway gw = RunningGateway.start(yaml);
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                int plain503 = 0;
                for (int i = 0; i < 6; i++) {
                    assertThat(conn.get("/retried/" + i).status()).as("request %d on the retrying route", i)
                            .isEqualTo(200);
                    RawResponse plain = conn.get("/plain/" + i);
                    if (plain.status() == 503) {
                        plain503++;
                    }
                }
                assertThat(down.requestCount()).as("round robin sent the down endpoint its share").isPositive();
                assertThat(plain503).as("the route without a policy relays the 503s it gets").isPositive();
            }
        }
    }
}
