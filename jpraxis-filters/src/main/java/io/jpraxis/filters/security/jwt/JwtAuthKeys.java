package io.jpraxis.filters.security.jwt;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import java.util.List;

/** The keys of a {@code jwt_auth} entry (docs/reference/filters/jwt_auth.md#keys). */
public final class JwtAuthKeys {
    static final String ONE_SOURCE = "exactly one of jwks_file, jwks, jwks_url";
    static final String URL_ONLY = "only with jwks_url";
    static final long DEFAULT_TIMEOUT_MS = 5_000;
    static final long DEFAULT_CACHE_SECONDS = 300;
    static final long DEFAULT_COOLDOWN_SECONDS = 30;
    static final long DEFAULT_SKEW_SECONDS = 60;
    static final long MAX_SKEW_SECONDS = 300;
    static final long DEFAULT_CACHE_SIZE = 10_000;
    static final String DEFAULT_TOKEN_HEADER = "authorization";

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Verifies a signed JWT on each request and "
            + "refuses a missing or invalid one with 401.",
            key("jwks_file", KeyType.text(), "A JSON Web Key Set file, read at load.").withRule(ONE_SOURCE),
            key("jwks", KeyType.text(), "A JSON Web Key Set as inline JSON text.").asSecret().withRule(ONE_SOURCE),
            key("jwks_url", KeyType.text(), "An https URL serving the key set; fetched, cached and refreshed.")
                    .withRule(ONE_SOURCE + "; http only with insecure_options.allow_private_upstreams"),
            key("jwks_timeout_ms", KeyType.integer(100, 60_000), "Bound on one key set fetch.")
                    .withDefault(DEFAULT_TIMEOUT_MS).withRule(URL_ONLY),
            key("jwks_cache_seconds", KeyType.integer(1, 86_400), "How long a fetched key set is used before "
                    + "it is fetched again.").withDefault(DEFAULT_CACHE_SECONDS).withRule(URL_ONLY),
            key("jwks_refresh_cooldown_seconds", KeyType.integer(1, 3_600), "Least time between fetches "
                    + "caused by tokens naming an unknown kid.").withDefault(DEFAULT_COOLDOWN_SECONDS)
                    .withRule(URL_ONLY),
            key("issuer", KeyType.text(), "The iss every token must carry.").asRequired(),
            key("audience", KeyType.oneOf(KeyType.text(), KeyType.listOf(KeyType.text(), 1, null)),
                    "The token's aud must contain one of these.").withRule("no check when absent"),
            key("algorithms", KeyType.listOf(new KeyType.Choice(JwtAlgorithm.names()), 1, null),
                    "The signature algorithms accepted.").withDefault(render(JwtAlgorithm.DEFAULTS))
                    .withRule("never none; HS* only with jwks_file or jwks"),
            key("clock_skew_seconds", KeyType.integer(0, MAX_SKEW_SECONDS), "Leeway on exp and nbf.")
                    .withDefault(DEFAULT_SKEW_SECONDS),
            key("required_claims", KeyType.listOf(KeyType.text()), "Claims every token must carry.")
                    .withDefault("[\"exp\"]"),
            key("token_header", KeyType.text(), "The request header carrying the token.")
                    .withDefault(DEFAULT_TOKEN_HEADER).withRule("Authorization needs the Bearer scheme"),
            key("strip_token", KeyType.bool(), "Remove the token header before the request goes upstream.")
                    .withDefault(true),
            key("claim_metadata", new KeyType.MapOf(KeyType.text(), 1), "Claim name to request metadata key, "
                    + "published for later filters."),
            key("cache_size", KeyType.integer(0, 1_000_000), "Verified tokens remembered until they expire "
                    + "(0: none).").withDefault(DEFAULT_CACHE_SIZE))
            .withNotImplemented("insecure_skip_tls_verify")
            .withExactlyOne("jwks_file", "jwks", "jwks_url");

    private JwtAuthKeys() {
    }

    /** As JSON, the form a list default is written in. */
    static String render(List<JwtAlgorithm> algorithms) {
        return algorithms.stream().map(a -> "\"" + a.name() + "\"").toList().toString().replace(" ", "");
    }
}
