package io.jpraxis.filters.traffic.sticky;

import io.jpraxis.config.model.StoreBackend;
import java.util.List;

/**
 * A {@code sticky_sessions} entry: one {@link ClusterSticky} per cluster whose requests stick (see
 * docs/reference/filters/sticky_sessions.md#keys).
 */
public record StickySessionsConfig(List<ClusterSticky> clusters, StoreBackend backend) {
    /** The namespace of a shared backend that names none. */
    public static final String DEFAULT_NAMESPACE = "jpraxis:sticky_sessions";

    public StickySessionsConfig {
        clusters = List.copyOf(clusters);
    }

    /** Sessions kept in this process. */
    public StickySessionsConfig(List<ClusterSticky> clusters) {
        this(clusters, StoreBackend.MEMORY);
    }

    /**
     * How one cluster sticks.
     *
     * @param keyName the cookie name (cookie, learn) or the header name (header)
     * @param attributes the issued cookie's attributes (cookie mode; {@link CookieAttributes#NONE} otherwise)
     */
    public record ClusterSticky(String name, StickyMode mode, String keyName, CookieAttributes attributes,
            long ttlSecs, boolean failover, int maxEntries, Eviction eviction) {
    }

    /**
     * The attributes of the cookie mode's {@code Set-Cookie}.
     *
     * @param domain null: none
     * @param path null: none
     * @param sameSite {@code Strict}, {@code Lax}, {@code None}, or null: none
     */
    public record CookieAttributes(String domain, String path, boolean httpOnly, boolean secure, String sameSite) {
        public static final CookieAttributes NONE = new CookieAttributes(null, null, false, false, null);
    }
}
