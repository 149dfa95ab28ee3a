package io.jpraxis.filters.security.jwt;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.OctetSequenceKey;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.text.ParseException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Verifies one compact JWS token against a key set (RFC 7515, RFC 7519 section 7.2, RFC 8725):
 * the header's {@code alg} must be on the allow-list, the key is chosen by {@code kid} among keys
 * whose type fits that algorithm (never by headers such as {@code jku} or {@code jwk}), then the
 * claims are checked. Thread-safe; verifiers are built once per key.
 */
final class TokenVerifier {
    /** Keys tried for a token without a kid: a bound on the work one request can cause. */
    static final int MAX_CANDIDATES = 8;
    private final JwtAuthConfig config;
    private final ClaimChecks checks;
    private final Map<JWK, JWSVerifier> verifiers = new ConcurrentHashMap<>();

    /** The outcome for one token. */
    sealed interface Outcome {
        record Verified(VerifiedToken token) implements Outcome {
        }

        /** No key in the set carries the token's kid (or fits its algorithm): a fetched set may be stale. */
        record NoKey(String kid) implements Outcome {
        }

        /** Refused; {@code reason} is for the debug log only. */
        record Invalid(String reason) implements Outcome {
        }
    }

    TokenVerifier(JwtAuthConfig config) {
        this.config = config;
        this.checks = new ClaimChecks(config);
    }

    Outcome verify(String token, KeySet keys, Instant now) {
        SignedJWT jwt;
        try {
            // An unsigned token (alg "none") is not a JWS and fails here (RFC 8725 section 3.1).
            jwt = SignedJWT.parse(token);
        } catch (ParseException e) {
            return new Outcome.Invalid("not a signed JWT");
        }
        Optional<JwtAlgorithm> alg = JwtAlgorithm.of(jwt.getHeader().getAlgorithm())
                .filter(config.algorithms()::contains);
        if (alg.isEmpty()) {
            return new Outcome.Invalid("algorithm " + jwt.getHeader().getAlgorithm() + " not accepted");
        }
        String kid = jwt.getHeader().getKeyID();
        List<JWK> candidates = keys.candidates(alg.get(), kid);
        if (candidates.isEmpty()) {
            return new Outcome.NoKey(kid);
        }
        if (!signedByOneOf(jwt, candidates)) {
            return new Outcome.Invalid("signature does not verify");
        }
        JWTClaimsSet claims;
        try {
            claims = jwt.getJWTClaimsSet();
        } catch (ParseException e) {
            return new Outcome.Invalid("claims are not a JSON object");
        }
        String failure = checks.failure(claims, now);
        if (failure != null) {
            return new Outcome.Invalid(failure);
        }
        Instant until = checks.acceptableUntil(claims);
        return new Outcome.Verified(new VerifiedToken((String) claims.getClaim("sub"), metadata(claims),
                until != null ? until : now.plus(TokenCache.NO_EXP_TTL)));
    }

    private boolean signedByOneOf(SignedJWT jwt, List<JWK> candidates) {
        int tried = 0;
        for (JWK key : candidates) {
            if (tried++ == MAX_CANDIDATES) {
                return false;
            }
            try {
                if (jwt.verify(verifier(key))) {
                    return true;
                }
            } catch (JOSEException e) {
                // A key that cannot take this token (a critical header it does not know, say): try the next.
            }
        }
        return false;
    }

    private JWSVerifier verifier(JWK key) throws JOSEException {
        JWSVerifier known = verifiers.get(key);
        if (known != null) {
            return known;
        }
        JWSVerifier made = switch (key) {
            case RSAKey rsa -> new RSASSAVerifier(rsa);
            case ECKey ec -> new ECDSAVerifier(ec);
            case OctetSequenceKey oct -> new MACVerifier(oct);
            default -> throw new JOSEException("unsupported key type " + key.getKeyType());
        };
        if (verifiers.size() > 4 * KeySetReader.MAX_KEYS) {
            verifiers.clear(); // rotated-out keys of a fetched set must not pile up
        }
        verifiers.put(key, made);
        return made;
    }

    /** The configured claims as metadata values: strings as they are, lists joined with commas. */
    private Map<String, String> metadata(JWTClaimsSet claims) {
        Map<String, String> out = new LinkedHashMap<>();
        config.claimMetadata().forEach((claim, key) -> {
            Object value = claims.getClaim(claim);
            String text = switch (value) {
                case null -> null;
                case String s -> s;
                case Number n -> n.toString();
                case Boolean b -> b.toString();
                case List<?> list when list.stream().allMatch(v -> v instanceof String) ->
                        String.join(",", list.stream().map(String.class::cast).toList());
                default -> null; // objects and mixed lists are not published: no single string form
            };
            if (text != null) {
                out.put(key, text);
            }
        });
        return out;
    }
}
