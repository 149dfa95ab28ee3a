package io.jpraxis.filters.traffic.sticky;

import io.jpraxis.core.context.EndpointPin;
import io.jpraxis.core.context.Extensions;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.filters.traffic.sticky.StickySessionsConfig.ClusterSticky;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.random.RandomGenerator;

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

    /**
     * @param stores where tables outlive this filter (across reloads)
     * @param idSource a cryptographically strong source in production: session IDs must not be guessable
     */
    StickySessionsFilter(StickySessionsConfig config, SessionStores stores, Clock clock, RandomGenerator idSource) {
        this.config = config;
        this.idSource = idSource;
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
                table.bind(id, served);
                response.headers().add("set-cookie",
                        CookieHeaders.setCookie(entry.keyName(), id, entry.attributes(), entry.ttlSecs()));
            }
            case HEADER -> {
                if (seen.key() != null) {
                    table.bind(seen.key(), served);
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
    private static void learn(Seen seen, SessionTable table, String learned, String served) {
        if (learned != null && usable(learned) && !learned.equals(seen.key())) {
            table.bindUnlessOwned(learned, served);
        } else if (seen.known()) {
            table.bind(seen.key(), served);
        }
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
