package io.jpraxis.filters.traffic.sticky;

/** Where a sticky session's key comes from (see docs/reference/filters/sticky_sessions.md#what-it-does). */
public enum StickyMode {
    /** A cookie the gateway issues with a fresh opaque ID. */
    COOKIE,
    /** A request header the client sends. */
    HEADER,
    /** A cookie the upstream sets, learned from its response. */
    LEARN
}
