package io.jpraxis.ai.modelfailover;

import io.jpraxis.ai.credentialinject.UpstreamCredentials;
import io.jpraxis.ai.errors.AiApiFilter;
import io.jpraxis.ai.intelligentroute.RoutePick;
import io.jpraxis.core.context.Extensions;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.UpstreamFailover;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.FilterGauge;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code model_failover} (see docs/behaviour/model-failover.md): keeps the request body read at
 * pre-read and, when an {@code intelligent_route} before it picked a candidate, leaves the
 * request's {@link FailoverPlan} for the edge, which fails the request over while no byte of an
 * answer has reached the client.
 */
final class ModelFailoverFilter implements AiApiFilter {
    private static final Extensions.Key<byte[]> BODY = new Extensions.Key<>("model-failover-body", byte[].class);
    private static final byte[] EMPTY = new byte[0];

    private final ModelFailoverConfig config;
    private final List<UpstreamCredentials> credentials;
    private final FailoverCounters counters = new FailoverCounters();

    /** @param credentials the pipeline's credential_inject filters, a live view */
    ModelFailoverFilter(ModelFailoverConfig config, List<UpstreamCredentials> credentials) {
        this.config = config;
        this.credentials = credentials;
    }

    @Override
    public String type() {
        return ModelFailoverFactory.TYPE;
    }

    /** The config in YAML shape, for {@code dump} (it reloads to the same entry). */
    @Override
    public Map<String, Object> config() {
        Map<String, Object> on = new LinkedHashMap<>();
        on.put("statuses", config.statuses());
        on.put("transport_errors", config.transportErrors());
        if (config.firstByteTimeoutMs() > 0) {
            on.put("first_byte_timeout_ms", config.firstByteTimeoutMs());
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("failover_on", on);
        if (config.maxAttempts() > 0) {
            out.put("max_attempts", config.maxAttempts());
        }
        out.put("upstream_models", config.upstreamModels().stream().map(m -> Map.of("model", m.model(), "cluster",
                m.cluster(), "upstream_model", m.upstreamModel())).toList());
        out.put("max_body_bytes", config.maxBodyBytes());
        return out;
    }

    @Override
    public List<FilterGauge> gauges() {
        return counters.meters();
    }

    /** Keeps a copy of the whole body: the edge's buffers are not ours to hold. */
    @Override
    public FilterAction onRequestBody(RequestContext ctx, BodyChunk body) {
        if (!body.endOfStream()) {
            return FilterAction.CONTINUE;
        }
        ctx.extensions().put(BODY, body.toByteArray());
        return FilterAction.BODY_DONE;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        RoutePick pick = ctx.extensions().get(RoutePick.KEY).orElse(null);
        if (pick == null || !pick.current().cluster().equals(ctx.cluster())) {
            return FilterAction.CONTINUE; // no intelligent_route pick stands (a preset cluster): nothing to fail over
        }
        byte[] body = ctx.extensions().get(BODY).orElse(EMPTY);
        ctx.extensions().put(UpstreamFailover.KEY, new FailoverPlan(config, pick, body, credentials, counters));
        return FilterAction.CONTINUE;
    }
}
