package io.jpraxis.filters.security.jwt;

import static io.jpraxis.filters.security.jwt.TestKeys.NOW;
import static io.jpraxis.filters.security.jwt.TestKeys.claims;
import static io.jpraxis.filters.security.jwt.TestKeys.rs256;
import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.OctetSequenceKey;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.util.Base64URL;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Date;
import org.junit.jupiter.api.Test;

/** Behaviour of docs/reference/filters/jwt_auth.md#what-it-does with keys made here. */
class JwtAuthFilterTest {
    private static final RSAKey RSA = TestKeys.rsa("rsa-1");
    private static final ECKey EC = TestKeys.ec("ec-1");
    private static final RSAKey OTHER = TestKeys.rsa("rsa-1"); // same kid, another key: a forger's
    private static final String BASE = "issuer: \"" + TestKeys.ISSUER + "\"\naudience: api\n";

    private static HttpFilter filter(String extra, com.nimbusds.jose.jwk.JWK... keys) {
        return build(new JwtAuthFactory(), BASE + "jwks: '" + TestKeys.jwks(keys) + "'\n" + extra).accepted();
    }

    private static HttpFilter filter() {
        return filter("claim_metadata: {groups: user.groups}\n", RSA.toPublicJWK(), EC.toPublicJWK());
    }

    private static RequestContext bearer(String token) {
        return request("/api", "Authorization", "Bearer " + token, "X-Other", "kept");
    }

    private static void assertRefused(FilterAction action, String challenge, String why) {
        assertThat(action).as(why).isInstanceOfSatisfying(FilterAction.Respond.class, r -> {
            assertThat(r.response().status()).isEqualTo(401);
            assertThat(r.response().headers().get("www-authenticate")).isEqualTo(challenge);
            assertThat(r.response().headers().get("content-type")).isEqualTo("application/problem+json");
        });
    }

    private static void assertInvalid(HttpFilter f, String token, String why) {
        RequestContext ctx = bearer(token);
        assertRefused(f.onRequest(ctx), "Bearer error=\"invalid_token\"", why);
        assertThat(ctx.authenticatedSubject()).as("no subject on a refusal").isNull();
    }

    @Test
    void rsaTokenPassesWithSubjectAndMetadataAndIsStrippedBeforeUpstream() {
        RequestContext ctx = bearer(rs256(RSA, claims().claim("groups", java.util.List.of("a", "b")).build()));
        assertThat(filter().onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.authenticatedSubject()).isEqualTo("alice");
        assertThat(ctx.metadata().get("user.groups")).isEqualTo("a,b");
        assertThat(ctx.headers().contains("authorization")).as("the token does not reach the upstream").isFalse();
        assertThat(ctx.headers().get("x-other")).isEqualTo("kept");
    }

    @Test
    void ecTokenPasses() {
        RequestContext ctx = bearer(TestKeys.sign(EC, JWSAlgorithm.ES256, claims().build()));
        assertThat(filter().onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.authenticatedSubject()).isEqualTo("alice");
    }

    @Test
    void tokenSignedByAnotherKeyWithTheSameKidIsRefused() {
        assertInvalid(filter(), rs256(OTHER, claims().build()), "signature by a key not in the set");
    }

    @Test
    void missingTokenGetsAChallengeWithoutErrorCode() {
        assertRefused(filter().onRequest(request("/api")), "Bearer", "RFC 6750 section 3.1: no credentials");
        assertRefused(filter().onRequest(request("/api", "Authorization", "Basic YTpi")), "Bearer",
                "another scheme is no bearer token");
    }

    @Test
    void expiredAndNotYetValidTokensAreRefusedOutsideTheSkew() {
        HttpFilter f = filter();
        assertInvalid(f, rs256(RSA, claims().expirationTime(Date.from(NOW.minusSeconds(61))).build()), "expired");
        assertThat(f.onRequest(bearer(rs256(RSA, claims().expirationTime(Date.from(NOW.minusSeconds(30))).build()))))
                .as("expired 30 s ago is inside the default 60 s leeway").isEqualTo(FilterAction.CONTINUE);
        assertInvalid(f, rs256(RSA, claims().notBeforeTime(Date.from(NOW.plusSeconds(120))).build()), "nbf ahead");
        assertInvalid(f, rs256(RSA, claims().expirationTime(null).build()), "exp is required by default");
    }

    @Test
    void wrongIssuerOrAudienceIsRefused() {
        HttpFilter f = filter();
        assertInvalid(f, rs256(RSA, claims().issuer("https://evil.example.test").build()), "issuer");
        assertInvalid(f, rs256(RSA, claims().audience("other-api").build()), "audience");
        assertInvalid(f, rs256(RSA, claims().audience((String) null).build()), "no aud with an audience set");
    }

    @Test
    void unsignedTokenIsRefused() {
        String header = Base64URL.encode("{\"alg\":\"none\",\"typ\":\"JWT\"}").toString();
        String payload = Base64URL.encode(claims().build().toString()).toString();
        assertInvalid(filter(), header + "." + payload + ".", "alg none");
    }

    @Test
    void hmacTokenKeyedWithTheRsaPublicKeyIsRefused() throws Exception {
        // The classic confusion: HS256 with the RSA public key as the secret. HS256 is even allowed here,
        // but only oct keys verify HMAC, so the RSA key is never used as one (RFC 8725 section 3.1).
        HttpFilter f = filter("algorithms: [RS256, HS256]\n", RSA.toPublicJWK(), TestKeys.secret("hs", 256));
        OctetSequenceKey forged = new OctetSequenceKey.Builder(RSA.toPublicJWK().toRSAPublicKey().getEncoded())
                .keyID("rsa-1").build();
        assertInvalid(f, TestKeys.sign(forged, JWSAlgorithm.HS256, claims().build()), "HS256 with the RSA key");
    }

    @Test
    void hmacTokenPassesWithItsSecretWhenListed() {
        OctetSequenceKey secret = TestKeys.secret("hs", 256);
        HttpFilter f = filter("algorithms: [HS256]\n", secret);
        assertThat(f.onRequest(bearer(TestKeys.sign(secret, JWSAlgorithm.HS256, claims().build()))))
                .isEqualTo(FilterAction.CONTINUE);
    }

    @Test
    void algorithmOffTheListIsRefused() {
        HttpFilter f = filter("algorithms: [ES256]\n", RSA.toPublicJWK(), EC.toPublicJWK());
        assertInvalid(f, rs256(RSA, claims().build()), "RS256 not allowed");
    }

    @Test
    void garbageAndDuplicateHeadersAreInvalid() {
        HttpFilter f = filter();
        assertInvalid(f, "not-a-jwt", "garbage");
        assertInvalid(f, "a b", "bad characters");
        RequestContext two = request("/api", "Authorization", "Bearer a.b.c", "Authorization", "Bearer d.e.f");
        assertRefused(f.onRequest(two), "Bearer error=\"invalid_token\"", "two Authorization headers");
    }

    @Test
    void customHeaderTakesTheRawTokenAndKeepsItWhenNotStripping() {
        HttpFilter f = filter("token_header: X-Api-Key\nstrip_token: false\n", RSA.toPublicJWK());
        RequestContext ctx = request("/api", "X-Api-Key", rs256(RSA, claims().build()));
        assertThat(f.onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.headers().contains("x-api-key")).isTrue();
    }

    @Test
    void cachedTokenStopsPassingAtItsExpiry() {
        JwtAuthConfig config = (JwtAuthConfig) filter().config();
        MutableClock clock = new MutableClock(NOW);
        JwtAuthFilter f = new JwtAuthFilter(config, JwksSource.fixed(((KeySource.Fixed) config.keys()).keys()), clock);
        String token = rs256(RSA, claims().expirationTime(Date.from(NOW.plusSeconds(10))).build());
        assertThat(f.onRequest(bearer(token))).isEqualTo(FilterAction.CONTINUE);
        assertThat(f.onRequest(bearer(token))).as("served from the cache").isEqualTo(FilterAction.CONTINUE);
        clock.now = NOW.plusSeconds(10 + 60);
        assertRefused(f.onRequest(bearer(token)), "Bearer error=\"invalid_token\"", "exp + leeway has passed");
    }

    /** A clock tests move by hand. */
    static final class MutableClock extends Clock {
        volatile Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
