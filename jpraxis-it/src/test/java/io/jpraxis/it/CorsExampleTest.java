package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** examples/cors.yaml end to end: what a browser sends, a preflight then the actual request. */
class CorsExampleTest {
    static final String EXAMPLE = "cors.yaml";

    private static String request(String method, String origin, String extra) {
        return method + " /api/items HTTP/1.1\r\nHost: api.example.com\r\nOrigin: " + origin + "\r\n" + extra
                + "Content-Length: 0\r\n\r\n";
    }

    @Test
    void preflightIsAnsweredLocallyThenTheActualRequestCarriesCorsHeaders() throws Exception {
        try (TestOrigin api = TestOrigin.start("api");
                RunningGateway gw = RunningGateway.start(Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001", api.address())));
                RawHttpConnection browser = RawHttpConnection.open(gw.port())) {
            RawResponse preflight = browser.send(request("OPTIONS", "https://pr-7.preview.example.com",
                    "Access-Control-Request-Method: PUT\r\nAccess-Control-Request-Headers: content-type\r\n"))
                    .readResponse();
            assertThat(preflight.status()).isEqualTo(204);
            assertThat(preflight.header("access-control-allow-origin")).isEqualTo("https://pr-7.preview.example.com");
            assertThat(preflight.header("access-control-allow-methods")).isEqualTo("GET, POST, PUT, DELETE");
            assertThat(preflight.header("access-control-allow-credentials")).isEqualTo("true");
            assertThat(preflight.header("access-control-max-age")).isEqualTo("600");
            assertThat(api.requestCount()).as("the preflight never reached the API").isZero();

            RawResponse actual = browser.send(request("PUT", "https://pr-7.preview.example.com",
                    "Content-Type: application/json\r\n")).readResponse();
            assertThat(actual.status()).isEqualTo(200);
            assertThat(actual.header("access-control-allow-origin")).isEqualTo("https://pr-7.preview.example.com");
            assertThat(actual.header("access-control-allow-credentials")).isEqualTo("true");
            assertThat(actual.header("access-control-expose-headers")).isEqualTo("X-Request-ID");
            assertThat(actual.headerValues("vary")).contains("Origin");
            assertThat(api.requestCount()).isEqualTo(1);
        }
    }

    @Test
    void anotherSiteGetsNoCorsHeadersOnPreflightOrAnswer() throws Exception {
        try (TestOrigin api = TestOrigin.start("api");
                RunningGateway gw = RunningGateway.start(Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001", api.address())));
                RawHttpConnection browser = RawHttpConnection.open(gw.port())) {
            RawResponse preflight = browser.send(request("OPTIONS", "https://a.b.preview.example.com",
                    "Access-Control-Request-Method: DELETE\r\n")).readResponse();
            assertThat(preflight.status()).isEqualTo(204);
            assertThat(preflight.header("access-control-allow-origin")).as("two labels deep is not *.").isNull();
            assertThat(preflight.header("vary")).startsWith("Origin");

            RawResponse actual = browser.send(request("GET", "https://evil.example", "")).readResponse();
            assertThat(actual.status()).as("CORS is the browser's to enforce: still proxied").isEqualTo(200);
            assertThat(actual.header("access-control-allow-origin")).isNull();
            assertThat(api.requestCount()).isEqualTo(1);
        }
    }
}
