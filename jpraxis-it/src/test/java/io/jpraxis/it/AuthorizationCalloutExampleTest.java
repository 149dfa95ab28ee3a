package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code examples/authorization-callout.yaml} end to end: real origins stand for the authorization
 * service (3001) and the application (3000).
 */
class AuthorizationCalloutExampleTest {
    static final String EXAMPLE = "authorization-callout.yaml";

    private static RunningGateway gateway(String authz, String app) {
        String yaml = Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001", authz, "127.0.0.1:3000", app));
        // Room for a cold JVM on a busy two-core machine; the deadline itself is HttpCalloutTest's subject.
        return RunningGateway.start(yaml.replace("timeout_ms: 1000", "timeout_ms: 10000"), Examples.features(EXAMPLE));
    }

    @Test
    void anAuthorizedRequestReachesTheAppWithTheServicesUserAndTier() throws Exception {
        try (TestOrigin authz = TestOrigin.builder("authz").fixed(new TestOrigin.Fixed(200, "text/plain", "ok",
                        Map.of("X-Authz-User", "alice", "X-Authz-Tier", "premium"))).start();
                TestOrigin app = TestOrigin.start("app");
                RunningGateway gw = gateway(authz.address(), app.address());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.send("GET /orders HTTP/1.1\r\nHost: shop\r\nAuthorization: Bearer user-token\r\n"
                    + "X-Authz-User: forged\r\nX-Private: client-only\r\n\r\n").readResponse();
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.echo().origin()).isEqualTo("app");
            assertThat(r.echo().headerValues("x-authz-user")).as("the service's user, never the client's")
                    .containsExactly("alice");
            assertThat(r.echo().header("x-premium")).as("the premium branch fired on the published tier")
                    .isEqualTo("true");
            assertThat(authz.requestLines()).containsExactly("GET /authorize/orders");
            assertThat(authz.requestHeads().getFirst()).as("only the listed client header, plus the fixed one")
                    .containsEntry("authorization", "Bearer user-token").containsEntry("x-authz-client", "jpraxis")
                    .doesNotContainKey("x-private");
        }
    }

    @Test
    void aRefusedRequestGets401WithTheServicesChallengeAndNeverReachesTheApp() throws Exception {
        try (TestOrigin authz = TestOrigin.builder("authz").fixed(new TestOrigin.Fixed(403, "text/plain", "no",
                        Map.of("WWW-Authenticate", "Bearer error=\"invalid_token\""))).start();
                TestOrigin app = TestOrigin.start("app");
                RunningGateway gw = gateway(authz.address(), app.address());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.get("/orders");
            assertThat(r.status()).isEqualTo(401);
            assertThat(r.header("www-authenticate")).isEqualTo("Bearer error=\"invalid_token\"");
            assertThat(r.bodyText()).as("nothing of the service's body").endsWith(",\"detail\":\"request denied\"}");
            assertThat(app.requestCount()).isZero();
        }
    }

    @Test
    void anUnreachableServiceFailsClosedWith503() throws Exception {
        try (TestOrigin app = TestOrigin.start("app");
                RunningGateway gw = gateway("127.0.0.1:" + TestOrigin.unusedPort(), app.address());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            assertThat(conn.get("/orders").status()).isEqualTo(503);
            assertThat(app.requestCount()).isZero();
        }
    }
}
