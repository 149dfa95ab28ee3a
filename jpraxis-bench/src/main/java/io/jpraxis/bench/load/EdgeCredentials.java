package io.jpraxis.bench.load;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;

/**
 * The edge pipeline's identity provider, made for one run: an RSA-2048 key (RS256, what most
 * identity providers sign with), its public half as a JSON Web Key Set, and one bearer token the
 * load client sends on every request, as a real client reuses its token until it expires.
 *
 * @param jwks the public key set, as {@code jwt_auth}'s {@code jwks} or a {@code jwks_file} holds it
 * @param token a signed token that passes the pipeline's checks for {@link #LIFETIME}
 */
public record EdgeCredentials(String jwks, String token) {
    public static final String ISSUER = "https://idp.bench.test";
    public static final String AUDIENCE = "edge-api";
    public static final String SUBJECT = "bench-client";
    /** Longer than any run, so the token the client reuses never expires mid-run. */
    public static final Duration LIFETIME = Duration.ofHours(12);
    /** Where {@link #write} puts the key set and the token, under the run's folder. */
    public static final String JWKS_FILE = "edge-jwks.json";
    public static final String TOKEN_FILE = "edge-token";

    /** A new key and one token signed with it, valid from now for {@link #LIFETIME}. */
    public static EdgeCredentials generate() {
        try {
            RSAKey key = new RSAKeyGenerator(2048).keyID("bench-" + Long.toHexString(System.nanoTime())).generate();
            return new EdgeCredentials(new JWKSet(key.toPublicJWK()).toString(true), sign(key, SUBJECT));
        } catch (JOSEException e) {
            throw new IllegalStateException("edge credentials: " + e.getMessage(), e);
        }
    }

    /** A token for {@code subject} signed by {@code key}, with the issuer, audience and lifetime the pipeline checks. */
    static String sign(RSAKey key, String subject) throws JOSEException {
        Instant now = Instant.now();
        JWTClaimsSet claims = new JWTClaimsSet.Builder().issuer(ISSUER).audience(AUDIENCE).subject(subject)
                .issueTime(Date.from(now)).notBeforeTime(Date.from(now.minusSeconds(5)))
                .expirationTime(Date.from(now.plus(LIFETIME))).build();
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(), claims);
        jwt.sign(new RSASSASigner(key));
        return jwt.serialize();
    }

    /** Writes the key set ({@link #JWKS_FILE}) and the token ({@link #TOKEN_FILE}) into {@code runDir}. */
    public EdgeCredentials write(Path runDir) throws IOException {
        Files.writeString(runDir.resolve(JWKS_FILE), jwks);
        Files.writeString(runDir.resolve(TOKEN_FILE), token);
        return this;
    }

    /** The credentials {@link #write} left in {@code runDir}. */
    public static EdgeCredentials read(Path runDir) throws IOException {
        return new EdgeCredentials(Files.readString(runDir.resolve(JWKS_FILE)),
                Files.readString(runDir.resolve(TOKEN_FILE)).trim());
    }
}
