package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.TestOrigin;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * examples/path-rewrite.yaml end to end: the origins' request lines show the path and query they
 * really received, and which origin got each request shows the router matched the rewritten path.
 */
class PathRewriteExampleTest {
    static final String EXAMPLE = "path-rewrite.yaml";

    @Test
    void thePrefixIsStrippedBeforeRoutingAndTheOriginSeesTheRewrittenTarget() throws Exception {
        try (TestOrigin users = TestOrigin.start("users"); TestOrigin web = TestOrigin.start("web");
                RunningGateway gw = RunningGateway.start(Examples.adapted(EXAMPLE,
                        Map.of("127.0.0.1:3001", users.address(), "127.0.0.1:3002", web.address())));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            assertThat(conn.get("/api/v1/users/7?full=1").status()).isEqualTo(200);
            assertThat(users.requestLines()).as("routed by /users/7, sent with the client's query")
                    .containsExactly("GET /users/7?full=1");

            assertThat(conn.get("/api/v1").status()).isEqualTo(200);
            assertThat(conn.get("/api/v10/users").status()).isEqualTo(200);
            assertThat(conn.get("/api/v1//./users/../home").status()).isEqualTo(200);
            assertThat(web.requestLines()).as("the prefix alone is the root; /api/v10 is not a boundary; the "
                    + "client's path is canonical before the rewrite").containsExactly("GET /", "GET /api/v10/users",
                    "GET /home");
            assertThat(users.requestCount()).isEqualTo(1);
        }
    }
}
