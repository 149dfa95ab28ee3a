package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.ConfigDump;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Date;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/jwt-auth.yaml end to end. The shipped key set holds public keys only, so the test makes
 * its own RSA key, writes its public half as the key set and points the example at it.
 */
class JwtAuthExampleTest {
    static final String EXAMPLE = "jwt-auth.yaml";

    private static String token(RSAKey key, String subject) throws Exception {
        Instant now = Instant.now();
        JWTClaimsSet claims = new JWTClaimsSet.Builder().issuer("https://idp.example.test").audience("orders-api")
                .subject(subject).claim("email", subject + "@example.test")
                .expirationTime(Date.from(now.plusSeconds(600))).issueTime(Date.from(now)).build();
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(), claims);
        jwt.sign(new RSASSASigner(key));
        return jwt.serialize();
    }

    private static RawResponse get(RawHttpConnection conn, String path, String token) throws Exception {
        conn.send("GET " + path + " HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer " + token + "\r\n\r\n");
        return conn.readResponse();
    }

    @Test
    void theExampleDumpsToAConfigThatReloadsAndNamesNoKeyMaterial() {
        GatewayBuilder builder = new GatewayBuilder(FeatureSet.NONE, RuntimeServices.system());
        CompileResult result = builder.build(Examples.read(EXAMPLE));
        assertThat(result.ok()).isTrue();
        String dumped = ConfigDump.render(result.gateway(), builder.registry());
        result.gateway().close();
        assertThat(dumped).contains("jwks_file:").contains("key: authenticated_subject").doesNotContain("\"n\"");
        CompileResult again = builder.build(dumped);
        assertThat(again.diagnostics().errors()).as("dump reloads:\n" + dumped).isEmpty();
        assertThat(ConfigDump.render(again.gateway(), builder.registry())).isEqualTo(dumped);
        again.gateway().close();
    }

    @Test
    void aGoodTokenReachesTheOriginWithoutItOthersGet401AndEachSubjectHasItsOwnBudget(@TempDir Path dir) throws Exception {
        RSAKey issuerKey = new RSAKeyGenerator(2048).keyID("example-rsa").generate();
        RSAKey forger = new RSAKeyGenerator(2048).keyID("example-rsa").generate();
        Path jwks = dir.resolve("jwks.json");
        Files.writeString(jwks, new JWKSet(issuerKey.toPublicJWK()).toString());
        String shipped = Examples.DIRECTORY + "/jwt/jwks.json";
        try (TestOrigin orders = TestOrigin.start("orders");
                RunningGateway gw = RunningGateway.start(Examples.adapted(EXAMPLE,
                        Map.of("127.0.0.1:3001", orders.address(), shipped, jwks.toString())));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse ok = get(conn, "/orders", token(issuerKey, "alice"));
            assertThat(ok.status()).as("signed by the key in the set").isEqualTo(200);
            EchoResponse echo = EchoResponse.parse(ok.body());
            assertThat(echo.path()).isEqualTo("/orders");
            assertThat(echo.hasHeader("authorization")).as("the token is stripped before the origin").isFalse();
            assertThat(orders.requestCount()).isEqualTo(1);

            RawResponse forged = get(conn, "/orders", token(forger, "mallory"));
            assertThat(forged.status()).as("same kid, another key").isEqualTo(401);
            assertThat(forged.header("www-authenticate")).isEqualTo("Bearer error=\"invalid_token\"");
            assertThat(forged.header("content-type")).isEqualTo("application/problem+json");

            RawResponse missing = conn.get("/orders");
            assertThat(missing.status()).isEqualTo(401);
            assertThat(missing.header("www-authenticate")).isEqualTo("Bearer");
            assertThat(orders.requestCount()).as("refused requests never reached the origin").isEqualTo(1);

            assertThat(get(conn, "/orders", token(issuerKey, "alice")).status()).isEqualTo(200);
            assertThat(get(conn, "/orders", token(issuerKey, "alice")).status())
                    .as("alice's burst of 2 is spent, whatever token she shows").isEqualTo(429);
            assertThat(get(conn, "/orders", token(issuerKey, "bob")).status()).as("bob has his own bucket")
                    .isEqualTo(200);
            assertThat(orders.requestCount()).isEqualTo(3);
        }
    }
}
