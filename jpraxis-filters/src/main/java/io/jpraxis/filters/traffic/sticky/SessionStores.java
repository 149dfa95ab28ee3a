package io.jpraxis.filters.traffic.sticky;

import io.jpraxis.filters.traffic.sticky.StickySessionsConfig.ClusterSticky;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;

/**
 * The session tables of every {@code sticky_sessions} filter a gateway built, kept as long as the
 * gateway's filter registry (the server's whole life), so sessions survive a config reload (see
 * docs/reference/filters/sticky_sessions.md#the-session-table). A table is found again by its
 * cluster's name and type (and key name): a reload that changes only limits keeps the sessions and
 * applies the new limits; one that changes how keys are read starts a fresh table.
 *
 * <p>Tables of clusters a reload removed stay until the process ends; each is bounded by its
 * {@code max_entries}.
 */
final class SessionStores {
    private final Map<Identity, SessionTable> tables = new HashMap<>();

    /** Which sessions are the same across configs. */
    private record Identity(String cluster, StickyMode mode, String keyName) {
    }

    /**
     * The table of {@code entry}, made with its limits on first use. An existing table keeps its
     * limits until the filter that asked starts serving ({@link SessionTable#configure}), so a
     * reload that is refused later in its build changes nothing.
     */
    synchronized SessionTable tableFor(ClusterSticky entry, Clock clock) {
        return tables.computeIfAbsent(new Identity(entry.name(), entry.mode(), entry.keyName()),
                id -> new SessionTable(limitsOf(entry), clock));
    }

    /** What {@code entry} says about its table. */
    static SessionTable.Limits limitsOf(ClusterSticky entry) {
        return new SessionTable.Limits(entry.ttlSecs() * 1000, entry.maxEntries(), entry.eviction());
    }
}
