package io.jpraxis.http.metrics;

import io.jpraxis.config.model.MetricsConfig;
import io.jpraxis.config.model.MetricsConfig.MetricLabel;
import io.jpraxis.config.model.RouteTemplate;
import io.jpraxis.core.context.RequestContext;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.netty.util.concurrent.FastThreadLocal;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/**
 * Per-exchange Micrometer meters: a request counter ({@code jpraxis_requests_total} in Prometheus)
 * and latency histograms with fixed buckets ({@link #BUCKETS}): the whole exchange ({@code
 * jpraxis_request_duration_seconds}), from the first upstream attempt to the end ({@code
 * jpraxis_upstream_duration_seconds}) and to the head of the answer served ({@code
 * jpraxis_upstream_time_to_first_byte_seconds}), tagged by listener, route, cluster and status.
 *
 * <p>Every tag value comes from config or is a status code, so the series stay bounded: the route
 * is the router's configured path or prefix ({@link RequestContext#route()}), never the request
 * path, unless a {@code metrics.route_templates} entry matches the request path, when it is that
 * template; {@value #NONE} stands for no route or no cluster, status {@code 0} for an exchange that
 * ended before any response was sent. A dimension in {@code metrics.labels.disabled} is left off
 * every series ({@code status_class} drops {@code status}); see docs/behaviour/metrics.md.
 */
public final class RequestMetrics {
    /** Tag value for an absent route or cluster. */
    public static final String NONE = "none";
    /** Records nothing: for edges built without a registry (tests driving a channel in memory). */
    public static final RequestMetrics DISABLED = new RequestMetrics(null);
    /** The tag value of a dimension that is turned off: one series where there would be many. */
    static final String OFF = "";
    /** Bucket bounds of every latency histogram: what a Grafana heatmap or quantile query needs. */
    static final Duration[] BUCKETS = {Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(5),
        Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100),
        Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500),
        Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofSeconds(60),
        Duration.ofSeconds(120)};

    private final MeterRegistry registry;
    private final boolean listenerLabel;
    private final boolean routeLabel;
    private final boolean clusterLabel;
    private final boolean statusLabel;
    private final List<RouteTemplate> routeTemplates;
    /** The gen_ai.* meters of exchanges an AI filter described. */
    private final GenAiMetrics genAi;
    /** Meter lookups by tag set, so a request costs a map hit rather than a registry lookup. */
    private final ConcurrentMap<Series, Meters> meters = new ConcurrentHashMap<>();
    /**
     * The series each event loop recorded last. Route and cluster names are the config's own
     * strings, so a run of requests down one route matches by identity: no key object and no hash
     * per request. A miss (another route, a status change) falls back to the map.
     */
    private final FastThreadLocal<LastSeries> lastSeries = new FastThreadLocal<>() {
        @Override
        protected LastSeries initialValue() {
            return new LastSeries();
        }
    };

    public RequestMetrics(MeterRegistry registry) {
        this(registry, MetricsConfig.DEFAULT);
    }

    /** With the labels and route templates of the {@code metrics} block the process started with. */
    public RequestMetrics(MeterRegistry registry, MetricsConfig config) {
        this.registry = registry;
        this.listenerLabel = config.labels(MetricLabel.LISTENER);
        this.routeLabel = config.labels(MetricLabel.ROUTE);
        this.clusterLabel = config.labels(MetricLabel.CLUSTER);
        this.statusLabel = config.labels(MetricLabel.STATUS_CLASS);
        this.routeTemplates = config.routeTemplates();
        this.genAi = registry == null ? null : new GenAiMetrics(registry);
    }

    /** Counts one ended exchange and its duration; {@code ctx} is null when the request never parsed. */
    public void record(String listener, RequestContext ctx, int status, long durationNanos) {
        if (registry == null) {
            return;
        }
        String route = routeLabel ? route(ctx) : OFF;
        String cluster = !clusterLabel ? OFF : ctx == null || ctx.cluster() == null ? NONE : ctx.cluster();
        String listenerTag = listenerLabel ? listener : OFF;
        int statusTag = statusLabel ? status : -1;
        LastSeries last = lastSeries.get();
        Meters m = last.meters(listenerTag, route, cluster, statusTag);
        if (m == null) {
            m = meters.computeIfAbsent(new Series(listenerTag, route, cluster, statusTag), this::register);
            last.remember(listenerTag, route, cluster, statusTag, m);
        }
        m.requests().increment();
        m.duration().record(durationNanos, TimeUnit.NANOSECONDS);
        long upstreamStart = ctx == null ? 0 : ctx.upstreamStartNanos();
        if (upstreamStart != 0) {
            m.upstream().record(System.nanoTime() - upstreamStart, TimeUnit.NANOSECONDS);
            long answered = ctx.upstreamAnsweredNanos();
            if (answered != 0) {
                m.firstByte().record(answered - upstreamStart, TimeUnit.NANOSECONDS);
            }
        }
        genAi.record(ctx, durationNanos);
    }

    /** The first template the request path fits, else the router's route, else {@value #NONE}. */
    private String route(RequestContext ctx) {
        if (ctx == null) {
            return NONE;
        }
        for (RouteTemplate template : routeTemplates) {
            if (template.matches(ctx.matchPath())) {
                return template.template(); // the config's own string: identity-equal run after run
            }
        }
        return ctx.route() == null ? NONE : ctx.route();
    }

    private Meters register(Series s) {
        Tags tags = Tags.empty();
        if (listenerLabel) {
            tags = tags.and("listener", s.listener());
        }
        if (routeLabel) {
            tags = tags.and("route", s.route());
        }
        if (clusterLabel) {
            tags = tags.and("cluster", s.cluster());
        }
        if (statusLabel) {
            tags = tags.and("status", Integer.toString(s.status()));
        }
        Counter requests = Counter.builder("jpraxis.requests")
                .description("Exchanges ended, by listener, route, cluster and status")
                .tags(tags)
                .register(registry);
        Timer duration = histogram("jpraxis.request.duration", "From request head to the end of the exchange", tags);
        Timer upstream = histogram("jpraxis.upstream.duration",
                "From the first upstream attempt to the end of the exchange (retries included)", tags);
        Timer firstByte = histogram("jpraxis.upstream.time_to_first_byte",
                "From the first upstream attempt to the head of the answer served", tags);
        return new Meters(requests, duration, upstream, firstByte);
    }

    private Timer histogram(String name, String description, Tags tags) {
        return Timer.builder(name).description(description).tags(tags).serviceLevelObjectives(BUCKETS)
                .register(registry);
    }

    private record Series(String listener, String route, String cluster, int status) {
    }

    private record Meters(Counter requests, Timer duration, Timer upstream, Timer firstByte) {
    }

    /** One thread's last series, compared by identity; confined to that thread. */
    private static final class LastSeries {
        private String listener;
        private String route;
        private String cluster;
        private int status;
        private Meters meters;

        Meters meters(String listener, String route, String cluster, int status) {
            return listener == this.listener && route == this.route && cluster == this.cluster && status == this.status
                    ? meters : null;
        }

        void remember(String listener, String route, String cluster, int status, Meters meters) {
            this.listener = listener;
            this.route = route;
            this.cluster = cluster;
            this.status = status;
            this.meters = meters;
        }
    }
}
