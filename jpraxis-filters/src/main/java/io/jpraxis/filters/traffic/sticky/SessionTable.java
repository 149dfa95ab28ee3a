package io.jpraxis.filters.traffic.sticky;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One cluster's sessions: key to endpoint address, bounded, with a sliding idle TTL (see
 * docs/reference/filters/sticky_sessions.md#the-session-table).
 *
 * <p>A session is alive while less than {@code ttl_secs} passed since it was last used (looked up
 * or stored); a dead one is dropped when met. A full table makes room by dropping the head of its
 * order: least recently used first ({@code lru}, an access-ordered map, so dead sessions go first
 * too), or oldest created first ({@code ttl}, insertion order; rebinding a key keeps its place).
 *
 * <p>Every event loop of the gateway uses the same table, so each operation holds its monitor; they
 * are all O(1) map operations, short enough not to stall a loop.
 */
final class SessionTable {
    private final Clock clock;
    private Limits limits;
    private LinkedHashMap<String, Session> sessions;

    SessionTable(Limits limits, Clock clock) {
        this.clock = clock;
        this.limits = limits;
        this.sessions = new LinkedHashMap<>(16, 0.75f, limits.eviction() == Eviction.LRU);
    }

    /** How long, how many and which to drop: what a cluster's entry says. */
    record Limits(long ttlMillis, int maxEntries, Eviction eviction) {
    }

    /** A live binding. */
    private static final class Session {
        String endpoint;
        final long createdAt;
        long lastUsed;

        Session(String endpoint, long now) {
            this.endpoint = endpoint;
            this.createdAt = now;
            this.lastUsed = now;
        }
    }

    /**
     * Applies a reloaded entry's limits, keeping the sessions: a smaller {@code max_entries} drops
     * the excess in eviction order, a changed eviction reorders the table.
     */
    synchronized void configure(Limits next) {
        if (next.eviction() != limits.eviction()) {
            List<Map.Entry<String, Session>> entries = new ArrayList<>(sessions.entrySet());
            entries.sort(Comparator.comparingLong(e -> next.eviction() == Eviction.LRU
                    ? e.getValue().lastUsed : e.getValue().createdAt));
            LinkedHashMap<String, Session> reordered = new LinkedHashMap<>(Math.max(16, entries.size() * 2), 0.75f,
                    next.eviction() == Eviction.LRU);
            entries.forEach(e -> reordered.put(e.getKey(), e.getValue()));
            sessions = reordered;
        }
        limits = next;
        trimTo(next.maxEntries());
    }

    /** The endpoint {@code key} is bound to, restarting its idle time; null when none is alive. */
    synchronized String endpointOf(String key) {
        long now = clock.millis();
        Session s = sessions.get(key);
        if (s == null) {
            return null;
        }
        if (expired(s, now)) {
            sessions.remove(key);
            return null;
        }
        s.lastUsed = now;
        return s.endpoint;
    }

    /** Binds {@code key} to {@code endpoint} (new, or moved), restarting its idle time. */
    synchronized void bind(String key, String endpoint) {
        long now = clock.millis();
        Session s = sessions.get(key);
        if (s != null && !expired(s, now)) {
            s.endpoint = endpoint;
            s.lastUsed = now;
            return;
        }
        if (s != null) {
            sessions.remove(key);
        }
        trimTo(limits.maxEntries() - 1);
        sessions.put(key, new Session(endpoint, now));
    }

    /**
     * Binds {@code key} to {@code endpoint} unless a live session binds it to another endpoint
     * (learn mode never moves a key an endpoint owns).
     *
     * @return whether {@code key} is now bound to {@code endpoint}
     */
    synchronized boolean bindUnlessOwned(String key, String endpoint) {
        Session s = sessions.get(key);
        if (s != null && !expired(s, clock.millis()) && !s.endpoint.equals(endpoint)) {
            return false;
        }
        bind(key, endpoint);
        return true;
    }

    /** Live and dead sessions still held (dead ones go when met or evicted). */
    synchronized int size() {
        return sessions.size();
    }

    private boolean expired(Session s, long now) {
        return now - s.lastUsed >= limits.ttlMillis();
    }

    private void trimTo(int max) {
        Iterator<String> order = sessions.keySet().iterator();
        while (sessions.size() > max && order.hasNext()) {
            order.next();
            order.remove();
        }
    }
}
