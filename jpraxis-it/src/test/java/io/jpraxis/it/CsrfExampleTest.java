package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** examples/csrf.yaml end to end: what browsers on the app's site and on another site send. */
class CsrfExampleTest {
    static final String EXAMPLE = "csrf.yaml";

    private static final String FORM = "email=a%40b.example";

    private static String request(String method, String headers) {
        return method + " /account/email HTTP/1.1\r\nHost: app.example.com\r\n" + headers
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + FORM.length() + "\r\n\r\n"
                + FORM;
    }

    private static RawResponse send(RunningGateway gw, String request) throws Exception {
        try (RawHttpConnection browser = RawHttpConnection.open(gw.port())) {
            return browser.send(request).readResponse();
        }
    }

    private static RunningGateway start(TestOrigin app) throws Exception {
        return RunningGateway.start(Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001", app.address())));
    }

    @Test
    void crossSitePostsAreRefusedBeforeTheApp() throws Exception {
        try (TestOrigin app = TestOrigin.start("app"); RunningGateway gw = start(app)) {
            for (String headers : new String[] {"Origin: https://evil.example\r\n",
                "Origin: https://app.example.com.evil.example\r\n", "Origin: null\r\n",
                "Referer: https://evil.example/page\r\n", "",
                "Origin: https://app.example.com\r\nSec-Fetch-Site: cross-site\r\n"}) {
                RawResponse r = send(gw, request("POST", headers));
                assertThat(r.status()).as(headers).isEqualTo(403);
                assertThat(r.header("content-type")).isEqualTo("application/problem+json");
                assertThat(r.bodyText()).contains("csrf: request refused");
            }
            assertThat(app.requestCount()).as("no refused request reached the app").isZero();
        }
    }

    @Test
    void sameSitePostsAndCrossSiteReadsPass() throws Exception {
        try (TestOrigin app = TestOrigin.start("app"); RunningGateway gw = start(app)) {
            assertThat(send(gw, request("POST", "Origin: https://app.example.com\r\nSec-Fetch-Site: same-origin\r\n"))
                    .status()).isEqualTo(200);
            assertThat(send(gw, request("PUT", "Origin: https://eu.app.example.com:443\r\n")).status())
                    .as("one-label subdomain, default port").isEqualTo(200);
            assertThat(send(gw, request("DELETE", "Referer: https://app.example.com/settings?tab=email\r\n"))
                    .status()).as("Referer when there is no Origin").isEqualTo(200);
            assertThat(send(gw, "GET /account/email HTTP/1.1\r\nHost: app.example.com\r\n"
                    + "Origin: https://evil.example\r\nSec-Fetch-Site: cross-site\r\n\r\n").status())
                    .as("a read is never checked").isEqualTo(200);
            assertThat(app.requestCount()).isEqualTo(4);
        }
    }
}
