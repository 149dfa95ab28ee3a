package io.jpraxis.filters.security.jwt;

import io.jpraxis.config.model.YamlShaped;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code jwt_auth} filter's config (docs/reference/filters/jwt_auth.md).
 *
 * @param audience accepted {@code aud} values; empty means no audience check
 * @param tokenHeader lower-case header name
 * @param claimMetadata claim name to metadata key, in document order
 * @param cacheSize verified tokens remembered (0: no cache)
 */
public record JwtAuthConfig(KeySource keys, String issuer, List<String> audience, List<JwtAlgorithm> algorithms,
        int clockSkewSeconds, List<String> requiredClaims, String tokenHeader, boolean stripToken,
        Map<String, String> claimMetadata, int cacheSize) implements YamlShaped {

    public JwtAuthConfig {
        audience = List.copyOf(audience);
        algorithms = List.copyOf(algorithms);
        requiredClaims = List.copyOf(requiredClaims);
        claimMetadata = Collections.unmodifiableMap(new LinkedHashMap<>(claimMetadata));
    }

    /** Whether the header is {@code Authorization}, whose value needs the Bearer scheme (RFC 6750 section 2.1). */
    public boolean bearerScheme() {
        return JwtAuthKeys.DEFAULT_TOKEN_HEADER.equals(tokenHeader);
    }

    @Override
    public Object toYaml() {
        Map<String, Object> out = new LinkedHashMap<>();
        switch (keys) {
            case KeySource.Fixed f when f.file() != null -> out.put("jwks_file", f.file());
            // The dump redacts "jwks" (a secret field); the value is only a placeholder of the right shape.
            case KeySource.Fixed f -> out.put("jwks", f.keys().toString());
            case KeySource.Remote r -> {
                out.put("jwks_url", r.url().toString());
                out.put("jwks_timeout_ms", r.timeout().toMillis());
                out.put("jwks_cache_seconds", r.cacheFor().toSeconds());
                out.put("jwks_refresh_cooldown_seconds", r.refreshCooldown().toSeconds());
            }
        }
        out.put("issuer", issuer);
        if (!audience.isEmpty()) {
            out.put("audience", audience);
        }
        out.put("algorithms", algorithms.stream().map(Enum::name).toList());
        out.put("clock_skew_seconds", clockSkewSeconds);
        out.put("required_claims", requiredClaims);
        out.put("token_header", tokenHeader);
        out.put("strip_token", stripToken);
        if (!claimMetadata.isEmpty()) {
            out.put("claim_metadata", claimMetadata);
        }
        out.put("cache_size", cacheSize);
        return out;
    }
}
