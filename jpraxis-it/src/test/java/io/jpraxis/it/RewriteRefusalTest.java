package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A rewrite whose result the canonicaliser refuses (decision 33: a regex must not reopen a
 * {@code ..} bypass) fails the request with 500 at the real edge, and the origin never sees it;
 * a {@code //} from a rewrite is merged before it goes out.
 */
class RewriteRefusalTest {
    private static String config(String origin) {
        return """
                listeners:
                  - name: web
                    address: "127.0.0.1:0"
                    filter_chains: [main]
                filter_chains:
                  - name: main
                    filters:
                      - filter: url_rewrite
                        operations:
                          - regex_replace: {pattern: "^/x/", replacement: "/../"}
                          - regex_replace: {pattern: "^/y/", replacement: "//"}
                      - filter: router
                        routes:
                          - {path_prefix: /, cluster: app}
                      - filter: load_balancer
                        clusters:
                          - name: app
                            endpoints: ["%s"]
                insecure_options:
                  allow_private_endpoints: true
                """.formatted(origin);
    }

    @Test
    void aRewriteClimbingAboveTheRootIs500AndNeverForwarded() throws Exception {
        try (TestOrigin app = TestOrigin.start("app");
                RunningGateway gw = RunningGateway.start(config(app.address()));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse refused = conn.get("/x/admin");
            assertThat(refused.status()).as("the config produced the bad path, not the client").isEqualTo(500);
            assertThat(new String(refused.body(), StandardCharsets.UTF_8)).as("no internal detail in the body")
                    .doesNotContain("..").doesNotContain("admin");
            assertThat(app.requestCount()).isZero();

            assertThat(conn.get("/y/admin?k=v").status()).isEqualTo(200);
            assertThat(app.requestLines()).as("the '//' a rewrite produced is merged")
                    .containsExactly("GET /admin?k=v");
        }
    }
}
