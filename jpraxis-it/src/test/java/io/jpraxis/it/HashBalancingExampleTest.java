package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * examples/hash-balancing.yaml end to end: six real origins behind a maglev cluster keyed by header and a
 * ring_hash cluster keyed by path. A key always reaches one origin; many keys reach all of them.
 */
class HashBalancingExampleTest {
    static final String EXAMPLE = "hash-balancing.yaml";
    private static final int KEYS = 60;

    @Test
    void eachKeyStaysOnOneOriginAndKeysSpreadOverAll() throws Exception {
        try (TestOrigin s1 = TestOrigin.start("s1"); TestOrigin s2 = TestOrigin.start("s2");
                TestOrigin s3 = TestOrigin.start("s3"); TestOrigin c1 = TestOrigin.start("c1");
                TestOrigin c2 = TestOrigin.start("c2"); TestOrigin c3 = TestOrigin.start("c3");
                RunningGateway gw = RunningGateway.start(Examples.adapted(EXAMPLE, Map.of(
                        "127.0.0.1:3001", s1.address(), "127.0.0.1:3002", s2.address(),
                        "127.0.0.1:3003", s3.address(), "127.0.0.1:3011", c1.address(),
                        "127.0.0.1:3012", c2.address(), "127.0.0.1:3013", c3.address())));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            Map<String, String> sessionOwner = new HashMap<>();
            Map<String, String> cacheOwner = new HashMap<>();
            for (int round = 0; round < 3; round++) {
                for (int k = 0; k < KEYS; k++) {
                    String user = "user-" + k;
                    String session = origin(conn, "/session/" + round, user);
                    assertThat(sessionOwner.computeIfAbsent(user, u -> session))
                            .as("maglev: %s lands on one origin whatever the path", user).isEqualTo(session);
                    String path = "/cache/item-" + k;
                    String cache = origin(conn, path, "someone-" + round);
                    assertThat(cacheOwner.computeIfAbsent(path, p -> cache))
                            .as("ring_hash: %s lands on one origin whatever the header", path).isEqualTo(cache);
                }
            }
            assertThat(new HashSet<>(sessionOwner.values())).as("users spread over every session origin")
                    .isEqualTo(Set.of("s1", "s2", "s3"));
            assertThat(new HashSet<>(cacheOwner.values())).as("paths spread over every cache origin")
                    .isEqualTo(Set.of("c1", "c2", "c3"));
            for (TestOrigin o : List.of(s1, s2, s3, c1, c2, c3)) {
                assertThat(o.requestCount()).as("origin %s served its keys' requests", o).isPositive();
            }
        }
    }

    private static String origin(RawHttpConnection conn, String path, String user) throws IOException {
        conn.send("GET " + path + " HTTP/1.1\r\nHost: test\r\nx-user-id: " + user + "\r\n\r\n");
        RawResponse response = conn.readResponse();
        assertThat(response.status()).as("GET %s", path).isEqualTo(200);
        return EchoResponse.parse(response.body()).origin();
    }
}
