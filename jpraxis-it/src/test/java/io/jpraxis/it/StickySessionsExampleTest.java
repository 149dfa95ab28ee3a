package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * examples/sticky-sessions.yaml end to end with two real origins: the issued cookie pins every
 * request to one of them, a forged cookie is replaced, a header names an API session, and a pinned
 * origin that goes down fails its session over to the other one.
 */
class StickySessionsExampleTest {
    static final String EXAMPLE = "sticky-sessions.yaml";

    private static RunningGateway start(TestOrigin one, TestOrigin two) throws Exception {
        return RunningGateway.start(Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001", one.address(),
                "127.0.0.1:3002", two.address())));
    }

    private static RawResponse get(RawHttpConnection conn, String path, String headers) throws IOException {
        conn.send("GET " + path + " HTTP/1.1\r\nHost: app.example.com\r\n" + headers + "\r\n");
        return conn.readResponse();
    }

    /** The sid the response sets; asserts it sets one. */
    private static String sid(RawResponse response) {
        String line = response.header("set-cookie");
        assertThat(line).as("every response of the app cluster carries the cookie").isNotNull();
        assertThat(line).as("attributes from cookie_attributes, Max-Age from ttl_secs")
                .endsWith("; Max-Age=1800; Path=/; HttpOnly; SameSite=Lax");
        return line.substring("sid=".length(), line.indexOf(';'));
    }

    @Test
    void theIssuedCookiePinsEveryRequestToOneOriginAndAForgedOneIsReplaced() throws Exception {
        try (TestOrigin one = TestOrigin.start("one"); TestOrigin two = TestOrigin.start("two");
                RunningGateway gw = start(one, two); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse first = get(conn, "/app/cart", "");
            assertThat(first.status()).isEqualTo(200);
            String id = sid(first);
            assertThat(id).as("a fresh opaque ID of 16 hex digits").matches("[0-9a-f]{16}");
            String home = first.header(OriginCommands.ORIGIN_NAME);
            for (int i = 0; i < 20; i++) {
                RawResponse next = get(conn, "/app/cart/" + i, "Cookie: theme=dark; sid=" + id + "\r\n");
                assertThat(next.header(OriginCommands.ORIGIN_NAME))
                        .as("round robin would alternate; request %d sticks to %s", i, home).isEqualTo(home);
                assertThat(sid(next)).as("the stored ID is sent back unchanged").isEqualTo(id);
            }

            Set<String> forgedIds = new HashSet<>();
            Set<String> reached = new HashSet<>();
            for (int i = 0; i < 6; i++) {
                RawResponse forged = get(conn, "/app/cart", "Cookie: sid=deadbeefdeadbeef\r\n");
                forgedIds.add(sid(forged));
                reached.add(forged.header(OriginCommands.ORIGIN_NAME));
            }
            assertThat(forgedIds).as("a value the gateway never issued is replaced by a new ID each time")
                    .hasSize(6).doesNotContain("deadbeefdeadbeef");
            assertThat(reached).as("and pins nothing: the balancer spreads those requests")
                    .containsExactlyInAnyOrder("one", "two");
        }
    }

    @Test
    void anApiSessionNamedByItsHeaderSticksWithoutACookie() throws Exception {
        try (TestOrigin one = TestOrigin.start("one"); TestOrigin two = TestOrigin.start("two");
                RunningGateway gw = start(one, two); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            for (String session : new String[] {"client-a", "client-b", "client-c"}) {
                String home = null;
                for (int i = 0; i < 6; i++) {
                    RawResponse r = get(conn, "/api/orders", "X-Session-Id: " + session + "\r\n");
                    assertThat(r.header("set-cookie")).as("header mode issues no cookie").isNull();
                    String origin = r.header(OriginCommands.ORIGIN_NAME);
                    home = home == null ? origin : home;
                    assertThat(origin).as("%s request %d", session, i).isEqualTo(home);
                }
            }
        }
    }

    @Test
    void aPinnedOriginThatGoesDownFailsItsSessionOverToTheOther() throws Exception {
        TestOrigin one = TestOrigin.start("one");
        TestOrigin two = TestOrigin.start("two");
        try (one; two; RunningGateway gw = start(one, two);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse first = get(conn, "/app", "");
            String id = sid(first);
            String home = first.header(OriginCommands.ORIGIN_NAME);
            TestOrigin pinned = home.equals("one") ? one : two;
            String other = home.equals("one") ? "two" : "one";
            pinned.close(); // its health checks now fail to connect

            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            RawResponse moved = null;
            while (System.nanoTime() < deadline) {
                try (RawHttpConnection fresh = RawHttpConnection.open(gw.port())) {
                    RawResponse r = get(fresh, "/app", "Cookie: sid=" + id + "\r\n");
                    if (r.status() == 200) {
                        moved = r;
                        break;
                    }
                }
                Thread.sleep(100);
            }
            assertThat(moved).as("within 10 s the health check ejects %s and the session fails over", home)
                    .isNotNull();
            assertThat(moved.header(OriginCommands.ORIGIN_NAME)).as("the other origin serves it").isEqualTo(other);
            assertThat(sid(moved)).as("the session keeps its ID across the failover").isEqualTo(id);
            for (int i = 0; i < 10; i++) {
                RawResponse r = get(conn, "/app/" + i, "Cookie: sid=" + id + "\r\n");
                assertThat(r.header(OriginCommands.ORIGIN_NAME)).as("re-pinned to %s, request %d", other, i)
                        .isEqualTo(other);
            }
        }
    }
}
