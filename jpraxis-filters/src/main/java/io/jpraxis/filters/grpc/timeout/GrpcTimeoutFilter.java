package io.jpraxis.filters.grpc.timeout;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.UpstreamAttemptHook;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.GrpcContentType;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.filters.grpc.GrpcStatus;
import io.jpraxis.filters.grpc.TrailersOnly;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes a gRPC call's {@code grpc-timeout} a deadline the gateway holds (see
 * docs/reference/filters/grpc_timeout.md#what-it-does). The budget is the asked time cut to
 * {@code max_timeout_ms}, less {@code headroom_ms}, counted from the request's arrival. The
 * deadline goes on the request ({@link RequestContext#tightenDeadline}), so the edge's one timer
 * bounds connecting and waiting for the head across every attempt; with {@code propagate} each
 * attempt's {@code grpc-timeout} says what is left when it starts. An answer that arrives after the
 * deadline, the edge's own 504 included, becomes DEADLINE_EXCEEDED. Requests that are not gRPC pass
 * untouched.
 */
public final class GrpcTimeoutFilter implements HttpFilter {
    /** Metadata: the milliseconds left when the deadline was set. */
    public static final String METADATA_KEY = "grpc.deadline_ms";
    static final String HEADER = "grpc-timeout";
    private static final Logger log = LoggerFactory.getLogger(GrpcTimeoutFilter.class);

    private final GrpcTimeoutConfig config;
    private final Clock clock;
    private final Duration max;
    private final Duration headroom;
    private final Duration fallback;
    private final UpstreamAttemptHook propagation = this::propagate;

    public GrpcTimeoutFilter(GrpcTimeoutConfig config, Clock clock) {
        this.config = config;
        this.clock = clock;
        this.max = Duration.ofMillis(config.maxTimeoutMs());
        this.headroom = Duration.ofMillis(config.headroomMs());
        this.fallback = config.defaultTimeoutMs() == null ? null : Duration.ofMillis(config.defaultTimeoutMs());
    }

    @Override
    public String type() {
        return GrpcTimeoutFactory.TYPE;
    }

    @Override
    public GrpcTimeoutConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        // Classified here, not taken from grpc_detection, so the filter works wherever it stands.
        if (!GrpcContentType.isGrpc(ctx.headers().get("content-type"))) {
            return FilterAction.CONTINUE;
        }
        Duration requested;
        String header = ctx.headers().get(HEADER);
        switch (header == null ? null : GrpcTimeoutValue.parse(header)) {
            case null -> requested = fallback;
            case GrpcTimeoutValue.Valid valid -> requested = valid.timeout();
            case GrpcTimeoutValue.Malformed malformed -> {
                if (config.onInvalid() == GrpcTimeoutConfig.OnInvalid.REJECT) {
                    log.debug("request {}: malformed grpc-timeout '{}': {}", ctx.requestId(), header,
                            malformed.reason());
                    return new FilterAction.Respond(TrailersOnly.of(GrpcStatus.INTERNAL, "malformed grpc-timeout"));
                }
                requested = fallback;
            }
        }
        if (requested == null) {
            return FilterAction.CONTINUE; // no deadline asked and none by default: unbounded
        }
        Duration budget = (requested.compareTo(max) > 0 ? max : requested).minus(headroom);
        Instant deadline = ctx.receivedAt().plus(budget);
        Duration left = Duration.between(clock.instant(), deadline);
        if (left.isNegative() || left.isZero()) {
            return new FilterAction.Respond(deadlineExceeded());
        }
        ctx.extensions().put(GrpcDeadline.KEY, new GrpcDeadline(deadline, config.propagate()));
        ctx.tightenDeadline(deadline);
        ctx.metadata().put(METADATA_KEY, Long.toString(left.toMillis()));
        if (config.propagate()) {
            ctx.extensions().put(UpstreamAttemptHook.KEY, propagation);
            ctx.headers().set(HEADER, GrpcTimeoutValue.encode(left));
        }
        return FilterAction.CONTINUE;
    }

    /** Before each upstream attempt: its {@code grpc-timeout} is what is left now. */
    private void propagate(RequestContext ctx) {
        ctx.extensions().get(GrpcDeadline.KEY).ifPresent(deadline ->
                ctx.headers().set(HEADER, GrpcTimeoutValue.encode(deadline.remaining(clock.instant()))));
    }

    @Override
    public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        Optional<GrpcDeadline> deadline = ctx.extensions().get(GrpcDeadline.KEY);
        if (deadline.isEmpty() || !deadline.get().passed(clock.instant())) {
            return FilterAction.CONTINUE;
        }
        log.debug("request {}: answer after the gRPC deadline; replaced by DEADLINE_EXCEEDED", ctx.requestId());
        ctx.extensions().remove(GrpcDeadline.KEY); // the replacement itself is not late again
        return new FilterAction.Respond(deadlineExceeded());
    }

    private static LocalResponse deadlineExceeded() {
        return TrailersOnly.of(GrpcStatus.DEADLINE_EXCEEDED, "deadline exceeded");
    }
}
