package io.jpraxis.filters.traffic.sticky;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.load.StoreBackendReader;
import java.util.List;

/** The keys of a {@code sticky_sessions} entry, of its clusters and of their cookie attributes. */
public final class StickySessionsKeys {
    static final ObjectDescriptor ATTRIBUTES = ObjectDescriptor.of("Attributes of the Set-Cookie the gateway "
            + "sends in cookie mode.",
            key("domain", KeyType.text(), "Domain attribute; unset: none (host-only cookie).")
                    .withRule("no ';', ',', spaces or control characters"),
            key("path", KeyType.text(), "Path attribute; unset: none.")
                    .withRule("no ';', ',' or control characters"),
            key("http_only", KeyType.bool(), "Adds HttpOnly.").withDefault(false),
            key("secure", KeyType.bool(), "Adds Secure.").withDefault(false),
            key("same_site", new KeyType.Choice(List.of("Strict", "Lax", "None")), "SameSite attribute; unset: "
                    + "none."));

    static final ObjectDescriptor CLUSTER = ObjectDescriptor.of("How one cluster's requests stick to an endpoint.",
            key("name", KeyType.text(), "The cluster (as a router sets it); one entry per cluster.").asRequired(),
            key("type", KeyType.choice(StickyMode.class), "Where the session key comes from: a cookie the gateway "
                    + "issues, a request header, or a cookie the upstream sets.").asRequired(),
            key("cookie_name", KeyType.text(), "The cookie carrying the key (cookie and learn types).")
                    .withRule("required for cookie and learn; an RFC 6265 cookie name"),
            key("cookie_attributes", KeyType.object(ATTRIBUTES), "Attributes of the issued cookie (cookie type "
                    + "only)."),
            key("header_name", KeyType.text(), "The request header carrying the key (header type).")
                    .withRule("required for header; " + io.jpraxis.config.validate.Names.HEADER_NAME_RULE),
            key("ttl_secs", KeyType.integer(1, StickyClusterReader.MAX_TTL_SECS), "Idle time after which a "
                    + "session is forgotten; every use restarts it.").withDefault(StickyClusterReader.DEFAULT_TTL_SECS),
            key("failover", KeyType.bool(), "Whether an unhealthy pinned endpoint yields to the load balancer "
                    + "(false: the request goes to it anyway).").withDefault(true),
            key("max_entries", KeyType.integer(1, StickyClusterReader.MAX_ENTRIES), "Most sessions kept for the "
                    + "cluster; a new one beyond it evicts one.").withDefault(StickyClusterReader.DEFAULT_MAX_ENTRIES),
            key("eviction", KeyType.choice(Eviction.class), "Which session a full table drops: the least "
                    + "recently used, or the oldest created.").withDefault("lru"));

    private static final ObjectDescriptor BACKEND = StoreBackendReader.keys(StickySessionsConfig.DEFAULT_NAMESPACE);
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Keeps a client's requests on the endpoint "
            + "that served its session.",
            key("clusters", KeyType.listOf(KeyType.object(CLUSTER), 1, null), "The clusters whose requests stick; "
                    + "others are left alone.").asRequired(),
            key("backend", KeyType.object(BACKEND), "Where the sessions live; unset: in this process (see "
                    + "docs/behaviour/shared-state.md).").withDefault("{kind: memory}"),
            key(StoreBackendReader.ON_ERROR, KeyType.choice(StoreBackendReader.OnError.class), "What a store error "
                    + "does: `closed` refuses the request with 503, `open` lets the load balancer choose (logged and "
                    + "counted).").withDefault("closed").withRule("valkey backend only"));
    static final ObjectDescriptor BACKEND_KEYS = BACKEND;

    private StickySessionsKeys() {
    }
}
