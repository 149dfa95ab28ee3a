package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.TestOrigin;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * examples/url-rewrite.yaml end to end: a /v1 request reaches the v2 origin (the router matched
 * the rewritten path) with its query edited, as the origin's request line shows.
 */
class UrlRewriteExampleTest {
    static final String EXAMPLE = "url-rewrite.yaml";

    @Test
    void theV1PathIsRoutedAsV2WithItsQueryEdited() throws Exception {
        try (TestOrigin v2 = TestOrigin.start("v2"); TestOrigin legacy = TestOrigin.start("legacy");
                RunningGateway gw = RunningGateway.start(Examples.adapted(EXAMPLE,
                        Map.of("127.0.0.1:3001", v2.address(), "127.0.0.1:3002", legacy.address())));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            assertThat(conn.get("/v1/users?debug=true&page=2&trace=1").status()).isEqualTo(200);
            assertThat(conn.get("/v2/items?%64ebug=1").status()).isEqualTo(200);
            assertThat(v2.requestLines()).as("path mapped, debug and trace dropped (names compared decoded), "
                    + "source appended").containsExactly("GET /v2/users?page=2&source=gateway",
                    "GET /v2/items?source=gateway");

            assertThat(conn.get("/status").status()).isEqualTo(200);
            assertThat(legacy.requestLines()).as("a path the regex leaves alone still gets the query tag")
                    .containsExactly("GET /status?source=gateway");
        }
    }
}
