package io.jpraxis.filters.security.jwt;

import com.nimbusds.jwt.JWTClaimsSet;
import java.text.ParseException;
import java.time.Instant;
import java.util.Date;
import java.util.List;

/**
 * The claim checks of RFC 7519 section 4.1 that run after the signature verified: required claims,
 * {@code iss}, {@code aud}, {@code exp} and {@code nbf} with the configured leeway. Each failure is a
 * short reason for the debug log; the client only ever learns "invalid_token".
 */
final class ClaimChecks {
    private final JwtAuthConfig config;

    ClaimChecks(JwtAuthConfig config) {
        this.config = config;
    }

    /** Null when {@code claims} pass at {@code now}, else why not. */
    String failure(JWTClaimsSet claims, Instant now) {
        for (String name : config.requiredClaims()) {
            if (claims.getClaim(name) == null) {
                return "claim " + name + " missing";
            }
        }
        try {
            if (!config.issuer().equals(claims.getStringClaim("iss"))) {
                return "issuer not accepted";
            }
            if (!config.audience().isEmpty() && !anyOf(claims.getAudience(), config.audience())) {
                return "audience not accepted";
            }
            long skew = config.clockSkewSeconds();
            Date exp = claims.getDateClaim("exp");
            // RFC 7519 section 4.1.4: the token must not be accepted on or after its expiry.
            if (exp != null && !now.isBefore(exp.toInstant().plusSeconds(skew))) {
                return "expired";
            }
            Date nbf = claims.getDateClaim("nbf");
            if (nbf != null && now.plusSeconds(skew).isBefore(nbf.toInstant())) {
                return "not yet valid";
            }
            claims.getStringClaim("sub");
        } catch (ParseException e) {
            return "malformed registered claim (" + e.getMessage() + ")";
        }
        return null;
    }

    /** When a verified token stops being acceptable, for its cache entry; null when it has no exp. */
    Instant acceptableUntil(JWTClaimsSet claims) {
        Date exp = claims.getExpirationTime();
        return exp == null ? null : exp.toInstant().plusSeconds(config.clockSkewSeconds());
    }

    private static boolean anyOf(List<String> values, List<String> accepted) {
        return values != null && values.stream().anyMatch(accepted::contains);
    }
}
