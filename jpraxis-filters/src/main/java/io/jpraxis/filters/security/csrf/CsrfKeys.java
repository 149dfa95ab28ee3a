package io.jpraxis.filters.security.csrf;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of a {@code csrf} entry (docs/reference/filters/csrf.md). */
public final class CsrfKeys {
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Refuses state-changing requests whose Origin "
            + "(or Referer) is not a trusted origin (403).",
            key("trusted_origins", KeyType.listOf(KeyType.text(), 1, null), "Origins whose pages may send "
                    + "state-changing requests.").asRequired()
                    .withRule("\"*\" alone, exact origins (scheme://host[:port]) or scheme://*.host (one label)"),
            key("safe_methods", KeyType.listOf(KeyType.text(), 1, null), "Methods that are never checked "
                    + "(compared uppercased).").withDefault("[\"GET\", \"HEAD\", \"OPTIONS\"]"),
            key("enforce_percentage", KeyType.integer(0, 100), "Share of requests whose origin is checked "
                    + "(a fresh draw per request), for a gradual rollout.").withDefault(100),
            key("enable_sec_fetch_site", KeyType.bool(), "Also refuses Sec-Fetch-Site: cross-site, whatever "
                    + "the origin and the sampling.").withDefault(false));

    private CsrfKeys() {
    }
}
