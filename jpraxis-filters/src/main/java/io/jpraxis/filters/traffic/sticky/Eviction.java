package io.jpraxis.filters.traffic.sticky;

/** Which session a full table drops to make room for a new one. */
public enum Eviction {
    /** The session used least recently. */
    LRU,
    /** The session created first, however recently it was used. */
    TTL
}
