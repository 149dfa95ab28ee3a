package io.jpraxis.filters.traffic.router;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.load.RetryPolicyReader;
import io.jpraxis.filters.support.HeaderListKeys;

/** The keys of a {@code router} entry and of its routes. */
public final class RouterKeys {
    private static final String PATH_RULE = "starts with '/'; exactly one of path, path_prefix";
    private static final ObjectDescriptor ROUTE = ObjectDescriptor.of("One route: what a request must match and "
            + "the cluster it goes to.",
            key("path", new KeyType.Text(1, null), "Matches this path exactly.").withRule(PATH_RULE),
            key("path_prefix", new KeyType.Text(1, null), "Matches paths starting with this, at a segment boundary.").withRule(PATH_RULE),
            key("cluster", new KeyType.Text(1, null), "The cluster a matching request goes to.").asRequired()
                    .withRule("not blank"),
            key("host", KeyType.text(), "Matches this host.").withRule("no port; '*' only as a leading '*.'"),
            key("headers", new KeyType.MapOf(KeyType.text(), 0), "Headers the request must carry with these "
                    + "values (all of them; values case-sensitive).").withRule("keys: " + HeaderListKeys.NAME_RULE),
            key("retry_policy", KeyType.object(RetryPolicyReader.KEYS), "Overrides the keys it sets of the "
                    + "cluster's retry_policy; a non-empty list replaces the cluster's."),
            key("hedge_policy", KeyType.object(HedgePolicyReader.KEYS), "Copies of idempotent requests to other "
                    + "endpoints (flag hedged-requests)."))
            .withNotImplemented("json_aliases")
            .withExactlyOne("path", "path_prefix");

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Chooses the cluster by path, host and headers.",
            key("routes", KeyType.listOf(KeyType.object(ROUTE), 1, null), "The routes, tried in order.").asRequired(),
            key("multi_level_subdomain_matching", KeyType.bool(), "Lets *.example.com match several labels.")
                    .withDefault(false),
            key("json_alias_header", HeaderListKeys.NAME, "Accepted for Praxis compatibility; no effect.")
                    .withRule(HeaderListKeys.NAME_RULE),
            key("json_alias_max_body_bytes", KeyType.integer(0, Long.MAX_VALUE), "Accepted for Praxis compatibility; no "
                    + "effect."));

    private RouterKeys() {
    }
}
