package io.jpraxis.filters.security.jwt;

import static io.jpraxis.filters.security.jwt.TestKeys.NOW;
import static io.jpraxis.filters.security.jwt.TestKeys.claims;
import static io.jpraxis.filters.security.jwt.TestKeys.rs256;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.RSAKey;
import com.sun.net.httpserver.HttpServer;
import io.jpraxis.core.filter.FilterAction;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Keys by URL (docs/reference/filters/jwt_auth.md#keys-by-url) against a real loopback key server. */
class RemoteJwksTest {
    private static final RSAKey OLD = TestKeys.rsa("old");
    private static final RSAKey NEW = TestKeys.rsa("new");
    private final AtomicInteger fetches = new AtomicInteger();
    private volatile int status = 200;
    private volatile String body = TestKeys.jwks(OLD.toPublicJWK());
    private HttpServer server;
    private final JwtAuthFilterTest.MutableClock clock = new JwtAuthFilterTest.MutableClock(NOW);

    @BeforeEach
    void startKeyServer() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/jwks", exchange -> {
            fetches.incrementAndGet();
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private JwtAuthFilter filter() {
        URI url = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/jwks");
        KeySource.Remote remote = new KeySource.Remote(url, Duration.ofSeconds(5), Duration.ofSeconds(300),
                Duration.ofSeconds(30));
        JwtAuthConfig config = new JwtAuthConfig(remote, TestKeys.ISSUER, List.of(), JwtAlgorithm.DEFAULTS, 60,
                List.of("exp"), "authorization", true, Map.of(), 100);
        return new JwtAuthFilter(config, new RemoteJwks(remote, config.algorithms(), clock), clock);
    }

    private static FilterAction run(JwtAuthFilter f, String token) {
        return f.onRequestAsync(request("/", "Authorization", "Bearer " + token)).toCompletableFuture().join();
    }

    @Test
    void fetchesOnceAndServesFromTheCacheUntilItAges() {
        JwtAuthFilter f = filter();
        assertThat(f.isAsync()).isTrue();
        assertThat(run(f, rs256(OLD, claims().subject("a").build()))).isEqualTo(FilterAction.CONTINUE);
        assertThat(run(f, rs256(OLD, claims().subject("b").build()))).isEqualTo(FilterAction.CONTINUE);
        assertThat(fetches).as("the second token used the cached set").hasValue(1);
        clock.now = NOW.plusSeconds(301);
        assertThat(run(f, rs256(OLD, claims().subject("c").build()))).isEqualTo(FilterAction.CONTINUE);
        assertThat(fetches).as("past jwks_cache_seconds the set is fetched again").hasValue(2);
    }

    @Test
    void anUnknownKidFetchesAgainAtMostOncePerCooldown() {
        JwtAuthFilter f = filter();
        assertThat(run(f, rs256(OLD, claims().build()))).isEqualTo(FilterAction.CONTINUE);
        body = TestKeys.jwks(OLD.toPublicJWK(), NEW.toPublicJWK());
        assertThat(run(f, rs256(NEW, claims().build()))).as("a rotated-in key is found by fetching again")
                .isEqualTo(FilterAction.CONTINUE);
        assertThat(fetches).hasValue(2);

        RSAKey junk = TestKeys.rsa("junk");
        assertThat(run(f, rs256(junk, claims().build()))).isInstanceOf(FilterAction.Respond.class);
        assertThat(run(f, rs256(junk, claims().subject("x").build()))).isInstanceOf(FilterAction.Respond.class);
        assertThat(fetches).as("unknown kids inside the cooldown fetch nothing").hasValue(2);
        clock.now = NOW.plusSeconds(31);
        run(f, rs256(junk, claims().subject("y").build()));
        assertThat(fetches).as("after the cooldown one more fetch").hasValue(3);
    }

    @Test
    void noKeySetAtAllFailsWith503AndAFailedRefreshKeepsTheLastGoodSet() {
        status = 500;
        FilterAction none = run(filter(), rs256(OLD, claims().build()));
        assertThat(none).isInstanceOfSatisfying(FilterAction.Fail.class, fail -> assertThat(fail.status())
                .isEqualTo(503));

        status = 200;
        JwtAuthFilter f = filter();
        assertThat(run(f, rs256(OLD, claims().build()))).isEqualTo(FilterAction.CONTINUE);
        status = 500;
        clock.now = NOW.plusSeconds(301);
        assertThat(run(f, rs256(OLD, claims().subject("later").build()))).as("stale keys beat no keys")
                .isEqualTo(FilterAction.CONTINUE);
    }

    @Test
    void aSharedSecretServedByUrlIsNeverUsed() {
        body = TestKeys.jwks(TestKeys.secret("s", 256), OLD.toPublicJWK());
        KeySetReader.Result result = KeySetReader.read(body, List.of(JwtAlgorithm.RS256, JwtAlgorithm.HS256), false,
                false);
        assertThat(result.keys().keys()).singleElement().isEqualTo(OLD.toPublicJWK());
        assertThat(result.notes()).anySatisfy(n -> assertThat(n).contains("oct"));
    }
}
