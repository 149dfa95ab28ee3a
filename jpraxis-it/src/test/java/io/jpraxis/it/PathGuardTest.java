package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.H2Response;
import io.jpraxis.testkit.H2cClient;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import io.netty.util.AsciiString;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The canonical path (see docs/behaviour/canonical-path.md#one-form-for-matching-and-forwarding)
 * through the real edge: a {@code static_response 403} on {@code path_prefix: /admin} in front of a
 * catch-all route cannot be walked around by any spelling of {@code /admin}; what is refused
 * reaches no origin; what passes reaches it canonical, exactly as it was matched.
 */
@Timeout(30)
class PathGuardTest {
    private TestOrigin api;
    private TestOrigin web;
    private RunningGateway gateway;

    @BeforeEach
    void start() {
        api = TestOrigin.start("api");
        web = TestOrigin.start("web");
        gateway = RunningGateway.start(TestConfigs.pipeline("""
                - filter: static_response
                  conditions:
                    - when:
                        path_prefix: "/admin"
                  status: 403
                  body: "forbidden"
                - filter: router
                  routes:
                    - path_prefix: "/api"
                      cluster: api
                    - path_prefix: "/"
                      cluster: web
                - filter: load_balancer
                  clusters:
                    - {name: api, endpoints: ["%s"]}
                    - {name: web, endpoints: ["%s"]}
                """.formatted(api.address(), web.address())));
    }

    @AfterEach
    void stop() {
        gateway.close();
        api.close();
        web.close();
    }

    private int originRequests() {
        return api.requestCount() + web.requestCount();
    }

    private RawResponse sendTarget(RawHttpConnection conn, byte[] target) throws Exception {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        head.writeBytes("GET ".getBytes(StandardCharsets.US_ASCII));
        head.writeBytes(target);
        head.writeBytes(" HTTP/1.1\r\nHost: test\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        conn.send(head.toByteArray());
        return conn.readResponse();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "//admin | 403",
        "/./admin | 403",
        "/x/../admin | 403",
        "/%61dmin | 403",
        "/admin;x | 403",
        "/ADMIN/../admin/ | 403",
        "/api/../admin | 403",
        "/admin%2F | 400",
        "/admin%2fx | 400",
        "/admin#x | 400",
        "/%2e%2e/admin | 400",
        "/../admin | 400",
        "/admin\\x | 400",
        "/..;x/admin | 400",
        "/adm%zzin | 400",
        "/admin%00 | 400",
    })
    void noSpellingOfAGuardedPathReachesAnOrigin(String target, int status) throws Exception {
        try (RawHttpConnection conn = RawHttpConnection.open(gateway.port())) {
            RawResponse response = sendTarget(conn, target.getBytes(StandardCharsets.ISO_8859_1));
            assertThat(response.status()).as("%s is guarded (403) or has no safe canonical form (400)", target)
                    .isEqualTo(status);
            if (status == 400) {
                assertThat(response.bodyText()).as("the reason names the problem").contains("request ");
            }
            assertThat(originRequests()).as("%s reached no origin", target).isZero();
            RawResponse next = conn.get("/still-open");
            assertThat(next.status()).as("a refused target leaves the connection usable").isEqualTo(200);
            assertThat(web.requestLines()).as("only the follow-up reached an origin")
                    .containsExactly("GET /still-open");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/a\u0001b", "/a\u007fb", "/caf\u00e9", "/x?q=\u0001", "/x?q=\u00e9", "/x?q=\u007f"})
    void controlAndNonAsciiBytesInTheTargetAre400AndReachNoOrigin(String target) throws Exception {
        try (RawHttpConnection conn = RawHttpConnection.open(gateway.port())) {
            RawResponse response = sendTarget(conn, target.getBytes(StandardCharsets.ISO_8859_1));
            assertThat(response.status()).as("RFC 9112 3.2: the raw byte is refused, never re-encoded")
                    .isEqualTo(400);
            assertThat(originRequests()).as("the origin saw nothing").isZero();
        }
    }

    @Test
    void whatPassesReachesTheOriginCanonicalWithItsParametersAndQueryUntouched() throws Exception {
        try (RawHttpConnection conn = RawHttpConnection.open(gateway.port())) {
            assertThat(conn.get("/ok;x//y/./z?q=%2F..//&r=%7e").status()).isEqualTo(200);
            assertThat(conn.get("/%61pi/../%7Euser/%c3%a9").status()).isEqualTo(200);
            assertThat(conn.get("/api;v=2/items").status()).as("parameters do not hide a route").isEqualTo(200);
        }
        assertThat(web.requestLines()).as("forward form: canonical, parameters kept, query as sent").containsExactly(
                "GET /ok;x/y/z?q=%2F..//&r=%7e", "GET /~user/%C3%A9");
        assertThat(api.requestLines()).as("matched as /api/items, forwarded as sent")
                .containsExactly("GET /api;v=2/items");
    }

    @Test
    void aPathThatLeavesTheApiPrefixIsNotSentToTheApiCluster() throws Exception {
        try (RawHttpConnection conn = RawHttpConnection.open(gateway.port())) {
            assertThat(conn.get("/api/../admin").status()).isEqualTo(403);
            assertThat(conn.get("/api/../public").status()).isEqualTo(200);
        }
        assertThat(api.requestCount()).as("neither request is under /api once canonical").isZero();
        assertThat(web.requestLines()).containsExactly("GET /public");
    }

    @Test
    void http2PathsAreCanonicalisedTheSameWay() throws Exception {
        try (H2cClient client = H2cClient.connect(gateway.port())) {
            assertThat(H2cClient.await(client.get("//admin")).status()).as(":path //admin is /admin").isEqualTo(403);
            assertThat(H2cClient.await(client.get("/%61dmin;x")).status()).isEqualTo(403);
            assertThat(H2cClient.await(client.get("/%2e%2e/admin")).status()).isEqualTo(400);
            assertThat(H2cClient.await(client.get("/admin%2F")).status()).isEqualTo(400);
            assertThat(originRequests()).as("no h2 spelling of /admin reached an origin").isZero();
            H2Response raw = H2cClient.await(client.send(H2cClient.headers("GET", "/")
                    .path(new AsciiString(new byte[] {'/', 'c', 'a', 'f', (byte) 0xe9}, false)), 0));
            H2Response control = H2cClient.await(client.send(H2cClient.headers("GET", "/")
                    .path(new AsciiString(new byte[] {'/', 'a', 0x01}, false)), 0));
            assertThat(raw.status()).as("a raw 0xE9 in :path is refused, not re-encoded").isEqualTo(400);
            assertThat(control.reset()).as("a control byte in :path makes the request malformed (RFC 9113 8.2.1): "
                    + "the HTTP/2 codec resets the stream before the edge sees it").isTrue();
            assertThat(originRequests()).as("neither reached an origin").isZero();
            assertThat(H2cClient.await(client.get("/ok//x/./y")).status()).isEqualTo(200);
        }
        assertThat(web.requestLines()).containsExactly("GET /ok/x/y");
    }
}
