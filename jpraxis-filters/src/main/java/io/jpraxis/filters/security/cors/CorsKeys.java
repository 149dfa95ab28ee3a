package io.jpraxis.filters.security.cors;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of a {@code cors} entry (docs/reference/filters/cors.md). */
public final class CorsKeys {
    private static final KeyType TEXTS = KeyType.listOf(KeyType.text());

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Answers CORS preflights locally and adds "
            + "CORS headers to responses for allowed origins.",
            key("allow_origins", KeyType.listOf(KeyType.text(), 1, null), "Origins allowed to make "
                    + "cross-origin requests.").asRequired()
                    .withRule("\"*\" alone, exact origins (scheme://host[:port]) or scheme://*.host (one label); "
                            + "no regular expressions, no \"null\""),
            key("allow_methods", TEXTS, "Methods a preflight may ask for (exact, case-sensitive).")
                    .withDefault("[\"GET\", \"HEAD\", \"POST\"]").withRule("\"*\" means any; not with allow_credentials"),
            key("allow_headers", TEXTS, "Request headers a preflight may ask for (case-insensitive).")
                    .withDefault("[]").withRule("\"*\" means any; not with allow_credentials"),
            key("expose_headers", TEXTS, "Response headers the browser may show to the page.").withDefault("[]"),
            key("allow_credentials", KeyType.bool(), "Sends Access-Control-Allow-Credentials: true.")
                    .withDefault(false),
            key("max_age", KeyType.integer(1, 4_294_967_295L), "How long (seconds) a browser may cache a "
                    + "preflight answer.").withDefault(86_400),
            key("allow_private_network", KeyType.bool(), "Answers Private Network Access preflights.")
                    .withDefault(false),
            key("disallowed_origin_mode", KeyType.choice(DisallowedOriginMode.class), "A refused preflight "
                    + "gets 204 without CORS headers (omit) or 403 (reject).").withDefault("omit"),
            key("allow_null_origin", KeyType.bool(), "Treats Origin: null as allowed.").withDefault(false)
                    .withRule("not with allow_credentials"));

    private CorsKeys() {
    }
}
