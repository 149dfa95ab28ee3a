package io.jpraxis.http.metrics;

import io.jpraxis.core.context.RequestContext;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/**
 * Per-exchange Micrometer meters: a request counter ({@code jpraxis_requests_total} in Prometheus)
 * and a latency timer ({@code jpraxis_request_duration_seconds}), tagged by listener, route,
 * cluster and status.
 *
 * <p>Every tag value comes from config or is a status code, so the series stay bounded: the route
 * is the router's configured path or prefix ({@link RequestContext#route()}), never the request
 * path; {@value #NONE} stands for no route or no cluster, status {@code 0} for an exchange that
 * ended before any response was sent.
 */
public final class RequestMetrics {
    /** Tag value for an absent route or cluster. */
    public static final String NONE = "none";
    /** Records nothing: for edges built without a registry (tests driving a channel in memory). */
    public static final RequestMetrics DISABLED = new RequestMetrics(null);

    private final MeterRegistry registry;
    /** Meter lookups by tag set, so a request costs a map hit rather than a registry lookup. */
    private final ConcurrentMap<Series, Meters> meters = new ConcurrentHashMap<>();

    public RequestMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Counts one ended exchange and its duration; {@code ctx} is null when the request never parsed. */
    public void record(String listener, RequestContext ctx, int status, long durationNanos) {
        if (registry == null) {
            return;
        }
        String route = ctx == null || ctx.route() == null ? NONE : ctx.route();
        String cluster = ctx == null || ctx.cluster() == null ? NONE : ctx.cluster();
        Meters m = meters.computeIfAbsent(new Series(listener, route, cluster, status), this::register);
        m.requests().increment();
        m.duration().record(durationNanos, TimeUnit.NANOSECONDS);
    }

    private Meters register(Series s) {
        String status = Integer.toString(s.status());
        Counter requests = Counter.builder("jpraxis.requests")
                .description("Exchanges ended, by listener, route, cluster and status")
                .tags("listener", s.listener(), "route", s.route(), "cluster", s.cluster(), "status", status)
                .register(registry);
        Timer duration = Timer.builder("jpraxis.request.duration")
                .description("From request head to the end of the exchange")
                .tags("listener", s.listener(), "route", s.route(), "cluster", s.cluster(), "status", status)
                .register(registry);
        return new Meters(requests, duration);
    }

    private record Series(String listener, String route, String cluster, int status) {
    }

    private record Meters(Counter requests, Timer duration) {
    }
}
