package io.jpraxis.filters.traffic.sticky;

import io.jpraxis.core.context.EndpointPin;
import io.jpraxis.core.context.Extensions;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.FilterGauge;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.filters.traffic.sticky.StickySessionsConfig.ClusterSticky;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.LongAdder;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a session's requests on one endpoint of its cluster (see
 * docs/reference/filters/sticky_sessions.md#what-it-does): on the request, a live session's
 * endpoint is pinned for the load balancer after it; on the response, the session is bound to the
 * endpoint that served, and cookie mode issues its cookie.
 */
public final class StickySessionsFilter implements HttpFilter {
    /** Longer keys are ignored: no table holds values a client can make arbitrarily large. */
    static final int MAX_KEY_BYTES = 256;

    private final StickySessionsConfig config;
    /** Read-only after construction; never iterated. */
    private final Map<String, Sticky> byCluster = new HashMap<>();
    private final RandomGenerator idSource;
    /** What this instance saw on the request, for its response hook; a key of its own per instance. */
    private final Extensions.Key<Seen> seenKey = new Extensions.Key<>("sticky_sessions", Seen.class);
    /** Null unless the sessions live in a shared store (then the tables stay empty). */
    private final SharedSessions shared;
    private final LongAdder storeErrors = new LongAdder();
    /** Built once: the registry holds a counter's supplier weakly. */
    private final List<FilterGauge> gauges;
    private static final FilterAction STORE_DOWN = FilterAction.reject(503, "session store unavailable");
    private static final Logger log = LoggerFactory.getLogger(StickySessionsFilter.class);

    /**
     * @param stores where tables outlive this filter (across reloads)
     * @param idSource a cryptographically strong source in production: session IDs must not be guessable
     */
    StickySessionsFilter(StickySessionsConfig config, SessionStores stores, Clock clock, RandomGenerator idSource) {
        this(config, stores, clock, idSource, null);
    }

    /** @param shared the store the sessions live in, or null for this process's tables */
    StickySessionsFilter(StickySessionsConfig config, SessionStores stores, Clock clock, RandomGenerator idSource,
            SharedSessions shared) {
        this.config = config;
        this.idSource = idSource;
        this.shared = shared;
        this.gauges = shared == null ? List.of() : List.of(FilterGauge.counter("jpraxis.sticky_sessions.store.errors",
                "sticky_sessions store calls that failed", Map.of("store", shared.store().describe()),
                storeErrors::sum));
        for (ClusterSticky entry : config.clusters()) {
            byCluster.put(entry.name(), new Sticky(entry, stores.tableFor(entry, clock)));
        }
    }

    private record Sticky(ClusterSticky entry, SessionTable table) {
    }

    /**
     * @param key the request's usable key, or null
     * @param known whether {@code key} had a live session when the request came
     */
    private record Seen(Sticky sticky, String key, boolean known) {
    }

    @Override
    public String type() {
        return StickySessionsFactory.TYPE;
    }

    @Override
    public Object config() {
        return StickyDumpView.of(config); // in the YAML shape, so a dump loads back (see StickyDumpView)
    }

    /** The typed config it was built from. */
    public StickySessionsConfig settings() {
        return config;
    }

    /** Applies this config's limits to tables an earlier config made (a reload now serving). */
    @Override
    public void start() {
        byCluster.values().forEach(s -> s.table().configure(SessionStores.limitsOf(s.entry())));
    }

    @Override
    public List<FilterGauge> gauges() {
        return gauges;
    }

    @Override
    public boolean isAsync() {
        return shared != null;
    }

    /** The shared-store path: the session's endpoint is one store call (see docs/behaviour/shared-state.md#sticky_sessions). */
    @Override
    public CompletionStage<FilterAction> onRequestAsync(RequestContext ctx) {
        Sticky sticky = ctx.cluster() == null ? null : byCluster.get(ctx.cluster());
        String key = sticky == null ? null : requestKey(ctx, sticky.entry());
        if (key == null) {
            if (sticky != null) {
                ctx.extensions().put(seenKey, new Seen(sticky, null, false));
            }
            return CompletableFuture.completedFuture(FilterAction.CONTINUE);
        }
        return shared.endpointOf(sticky.entry(), key).handle((endpoint, error) -> {
            if (error != null) {
                storeErrors.increment();
                if (!config.backend().failOpen()) {
                    log.warn("sticky_sessions: store {} failed ({}); refusing request {} with 503",
                            shared.store().describe(), error.getMessage(), ctx.requestId());
                    return STORE_DOWN;
                }
                log.warn("sticky_sessions: store {} failed ({}); request {} goes to the balancer's pick "
                        + "(on_backend_error: open)", shared.store().describe(), error.getMessage(), ctx.requestId());
                return FilterAction.CONTINUE;
            }
            pin(ctx, sticky, key, endpoint);
            return FilterAction.CONTINUE;
        });
    }

    private void pin(RequestContext ctx, Sticky sticky, String key, String endpoint) {
        if (endpoint != null) {
            ctx.extensions().put(EndpointPin.KEY, new EndpointPin(endpoint, sticky.entry().failover()));
        }
        ctx.extensions().put(seenKey, new Seen(sticky, key, endpoint != null));
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        Sticky sticky = ctx.cluster() == null ? null : byCluster.get(ctx.cluster());
        if (sticky == null) {
            return FilterAction.CONTINUE; // clusters not listed are left alone
        }
        String key = requestKey(ctx, sticky.entry());
        String endpoint = key == null ? null : sticky.table().endpointOf(key);
        if (endpoint != null) {
            ctx.extensions().put(EndpointPin.KEY, new EndpointPin(endpoint, sticky.entry().failover()));
        }
        ctx.extensions().put(seenKey, new Seen(sticky, key, endpoint != null));
        return FilterAction.CONTINUE;
    }

    @Override
    public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        Seen seen = ctx.extensions().get(seenKey).orElse(null);
        UpstreamTarget upstream = ctx.upstream();
        if (seen == null || upstream == null || response.local()
                || !upstream.cluster().name().equals(seen.sticky().entry().name())) {
            return FilterAction.CONTINUE; // no endpoint of this cluster answered
        }
        String served = upstream.endpoint().address();
        ClusterSticky entry = seen.sticky().entry();
        SessionTable table = seen.sticky().table();
        switch (entry.mode()) {
            case COOKIE -> {
                // A client-invented value is never adopted: only a key the table held gets reused.
                String id = seen.known() ? seen.key() : HexFormat.of().toHexDigits(idSource.nextLong());
                bind(entry, table, id, served, false);
                response.headers().add("set-cookie",
                        CookieHeaders.setCookie(entry.keyName(), id, entry.attributes(), entry.ttlSecs()));
            }
            case HEADER -> {
                if (seen.key() != null) {
                    bind(entry, table, seen.key(), served, false);
                }
            }
            case LEARN -> learn(seen, table, CookieHeaders.setCookieValue(response.headers(), entry.keyName()), served);
        }
        return FilterAction.CONTINUE;
    }

    /**
     * Learn mode: a value the upstream set is bound to the endpoint that set it, unless another
     * endpoint owns it; otherwise the request's own known key follows the endpoint that served.
     */
    private void learn(Seen seen, SessionTable table, String learned, String served) {
        ClusterSticky entry = seen.sticky().entry();
        if (learned != null && usable(learned) && !learned.equals(seen.key())) {
            bind(entry, table, learned, served, true);
        } else if (seen.known()) {
            bind(entry, table, seen.key(), served, false);
        }
    }

    /**
     * Binds in this process's table, or writes to the shared store without holding the response:
     * a failed write costs the session its stickiness, never the answer (logged and counted).
     */
    private void bind(ClusterSticky entry, SessionTable table, String key, String endpoint, boolean unlessOwned) {
        if (shared == null) {
            if (unlessOwned) {
                table.bindUnlessOwned(key, endpoint);
            } else {
                table.bind(key, endpoint);
            }
            return;
        }
        shared.bind(entry, key, endpoint, unlessOwned).whenComplete((done, error) -> {
            if (error != null) {
                storeErrors.increment();
                log.warn("sticky_sessions: store {} failed to bind a session ({})", shared.store().describe(),
                        error.getMessage());
            }
        });
    }

    /** The cookie (cookie, learn) or header (header) value, or null when absent or too long. */
    private static String requestKey(RequestContext ctx, ClusterSticky entry) {
        String value = entry.mode() == StickyMode.HEADER ? ctx.headers().get(entry.keyName())
                : CookieHeaders.requestCookie(ctx.headers(), entry.keyName());
        return value != null && !value.isEmpty() && usable(value) ? value : null;
    }

    private static boolean usable(String key) {
        return key.length() <= MAX_KEY_BYTES && key.getBytes(StandardCharsets.UTF_8).length <= MAX_KEY_BYTES;
    }
}
