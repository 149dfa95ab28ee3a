package io.jpraxis.filters.security.jwt;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.OctetSequenceKey;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.OctetSequenceKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.time.Instant;
import java.util.Date;
import java.util.List;

/** Keys made in the test, and tokens signed with them; nothing secret is checked in. */
final class TestKeys {
    /** FilterFixtures' fixed clock. */
    static final Instant NOW = Instant.parse("2025-01-01T00:00:00Z");
    static final String ISSUER = "https://idp.example.test";

    private TestKeys() {
    }

    static RSAKey rsa(String kid) {
        try {
            return new RSAKeyGenerator(2048).keyID(kid).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    static ECKey ec(String kid) {
        try {
            return new ECKeyGenerator(Curve.P_256).keyID(kid).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    static OctetSequenceKey secret(String kid, int bits) {
        try {
            return new OctetSequenceKeyGenerator(bits).keyID(kid).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The JWKS JSON of {@code keys} as given (pass public halves of RSA and EC keys). */
    static String jwks(JWK... keys) {
        return new JWKSet(List.of(keys)).toString(false);
    }

    /** Claims that pass the default checks: our issuer, sub alice, aud api, valid for an hour around NOW. */
    static JWTClaimsSet.Builder claims() {
        return new JWTClaimsSet.Builder().issuer(ISSUER).subject("alice").audience("api")
                .expirationTime(Date.from(NOW.plusSeconds(3600))).notBeforeTime(Date.from(NOW.minusSeconds(60)))
                .issueTime(Date.from(NOW.minusSeconds(60)));
    }

    static String sign(JWK key, JWSAlgorithm alg, JWTClaimsSet claims) {
        try {
            JWSSigner signer = switch (key) {
                case RSAKey r -> new RSASSASigner(r);
                case ECKey e -> new ECDSASigner(e);
                case OctetSequenceKey o -> new MACSigner(o);
                default -> throw new IllegalArgumentException(key.getKeyType().toString());
            };
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(alg).keyID(key.getKeyID()).build(), claims);
            jwt.sign(signer);
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    static String rs256(RSAKey key, JWTClaimsSet claims) {
        return sign(key, JWSAlgorithm.RS256, claims);
    }
}
