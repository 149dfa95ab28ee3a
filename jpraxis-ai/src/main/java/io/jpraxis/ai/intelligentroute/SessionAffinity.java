package io.jpraxis.ai.intelligentroute;

import io.jpraxis.ai.candidate.AdmissionState;
import io.jpraxis.ai.candidate.Candidate;
import io.jpraxis.ai.candidate.CandidateKind;
import io.jpraxis.ai.intelligentroute.IntelligentRouteConfig.SessionAffinityConfig;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.HeaderMap;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Session affinity (see docs/behaviour/intelligent-route.md#session-affinity): session key to the
 * stable id of the candidate picked for it, until an absolute expiry. In process by default (not
 * shared across replicas, lost on restart), or in a shared store ({@link SharedAffinity}; see
 * docs/behaviour/shared-state.md#session-affinity). Reuse never extends a binding, so a session drifts back to the
 * producer's preference within one TTL.
 */
final class SessionAffinity {
    private static final Logger log = LoggerFactory.getLogger(SessionAffinity.class);
    /** Most bindings held at once. */
    static final int CAPACITY = 10_000;

    /** How a binding's candidate is found again in the serving snapshot, whatever its admission. */
    @FunctionalInterface
    interface Finder {
        Optional<Candidate> find(CandidateKind kind, String name, String stableId);
    }

    private record Binding(String stableId, long expiresAtMillis) {
    }

    private final String header;
    private final String cookie;
    private final long ttlMillis;
    private final Clock clock;
    private final int capacity;
    private final ConcurrentHashMap<String, Binding> bindings = new ConcurrentHashMap<>();
    private final AtomicLong skippedWhenFull = new AtomicLong();
    /** Null unless the bindings live in a shared store (then the map above stays empty). */
    private final SharedAffinity shared;
    private final boolean failOpen;

    SessionAffinity(SessionAffinityConfig config, Clock clock) {
        this(config, clock, CAPACITY, null);
    }

    SessionAffinity(SessionAffinityConfig config, Clock clock, int capacity) {
        this(config, clock, capacity, null);
    }

    /** @param shared the store the bindings live in, or null for this process */
    SessionAffinity(SessionAffinityConfig config, Clock clock, int capacity, SharedAffinity shared) {
        this.shared = shared;
        this.failOpen = config.backend().failOpen();
        this.header = config.header();
        this.cookie = config.cookie();
        this.ttlMillis = config.ttlSecs() * 1000;
        this.clock = clock;
        this.capacity = capacity;
    }

    /** The shared store of the bindings, or null when they live in this process. */
    SharedAffinity shared() {
        return shared;
    }

    /** Whether a store error routes the request afresh rather than failing it ({@code on_backend_error: open}). */
    boolean failOpen() {
        return failOpen;
    }

    /**
     * What a binding the store returned means for this request: none ({@code boundStableId} null)
     * is fresh; a bound candidate still serving is reused, admission aside (never {@code none});
     * one gone or excluded fails over.
     */
    AffinityOutcome outcome(String key, String boundStableId, CandidateKind kind, String name, Finder finder) {
        if (boundStableId == null) {
            return new AffinityOutcome.Fresh(key);
        }
        Optional<Candidate> bound = finder.find(kind, name, boundStableId);
        if (bound.isPresent() && bound.get().admission() != AdmissionState.NONE) {
            return new AffinityOutcome.Reused(key, bound.get());
        }
        return new AffinityOutcome.Failover(key);
    }

    /** Looks the request's session up against {@code finder} (the request's snapshot). */
    AffinityOutcome resolve(RequestContext ctx, CandidateKind kind, String name, Finder finder) {
        String key = key(ctx.headers());
        if (key == null) {
            return AffinityOutcome.NO_KEY;
        }
        Binding binding = bindings.get(key);
        if (binding == null) {
            return new AffinityOutcome.Fresh(key);
        }
        if (binding.expiresAtMillis() <= clock.millis()) {
            bindings.remove(key, binding);
            return new AffinityOutcome.Fresh(key);
        }
        Optional<Candidate> bound = finder.find(kind, name, binding.stableId());
        // Reuse skips admission (an existing_only candidate keeps its sessions), but never 'none'.
        if (bound.isPresent() && bound.get().admission() != AdmissionState.NONE) {
            return new AffinityOutcome.Reused(key, bound.get());
        }
        return new AffinityOutcome.Failover(key);
    }

    /** Binds {@code key} to {@code picked} for one TTL from now; false when the table was full. */
    boolean bind(String key, Candidate picked) {
        Binding binding = new Binding(picked.stableId(), clock.millis() + ttlMillis);
        if (bindings.size() >= capacity && !bindings.containsKey(key)) {
            long now = clock.millis();
            bindings.values().removeIf(b -> b.expiresAtMillis() <= now);
            if (bindings.size() >= capacity) {
                if (skippedWhenFull.getAndIncrement() % 1000 == 0) {
                    log.warn("intelligent_route: session affinity table holds {} bindings; not binding new "
                            + "sessions until some expire ({} skipped so far)", capacity, skippedWhenFull.get());
                }
                return false;
            }
        }
        bindings.put(key, binding);
        return true;
    }

    /** Bindings held (live or not yet purged). */
    int size() {
        return bindings.size();
    }

    /**
     * The session key: the configured header's first value, trimmed, else the configured cookie's
     * value; each must be 1 to 256 bytes. Null when there is none.
     */
    String key(HeaderMap headers) {
        if (header != null) {
            String value = headers.get(header);
            if (value != null) {
                String trimmed = value.strip();
                if (!trimmed.isEmpty() && LookupExtractor.byteLength(trimmed) <= LookupExtractor.MAX_NAME_BYTES) {
                    return trimmed;
                }
            }
        }
        return cookie == null ? null : cookieValue(headers.getAll("cookie"));
    }

    private String cookieValue(List<String> cookieLines) {
        String prefix = cookie + "=";
        for (String line : cookieLines) {
            for (String part : line.split(";")) {
                String p = part.strip();
                if (p.startsWith(prefix)) {
                    String value = p.substring(prefix.length());
                    if (!value.isEmpty() && LookupExtractor.byteLength(value) <= LookupExtractor.MAX_NAME_BYTES) {
                        return value;
                    }
                }
            }
        }
        return null;
    }
}
