package io.jpraxis.http.exchange;

import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.metrics.RequestMetrics;
import io.jpraxis.http.upstream.UpstreamConnector;

/**
 * What every exchange of one listener shares: its pipeline and the gateway's services.
 *
 * @param requestBodyTimeoutMs {@code downstream_read_timeout_ms}: silence allowed between request
 *     body pieces, or null for none
 * @param requestMetrics where each ended exchange is counted and timed
 */
public record ListenerContext(
        String listener,
        CompiledPipeline pipeline,
        RuntimeServices services,
        UpstreamConnector connector,
        BodyLimits bodyLimits,
        EdgeMetrics metrics,
        Long requestBodyTimeoutMs,
        RequestMetrics requestMetrics) {

    public ListenerContext {
        bodyLimits = bodyLimits == null ? BodyLimits.DEFAULT : bodyLimits;
        requestMetrics = requestMetrics == null ? RequestMetrics.DISABLED : requestMetrics;
    }

    /** Without request meters (edges driven in memory by tests). */
    public ListenerContext(String listener, CompiledPipeline pipeline, RuntimeServices services,
            UpstreamConnector connector, BodyLimits bodyLimits, EdgeMetrics metrics, Long requestBodyTimeoutMs) {
        this(listener, pipeline, services, connector, bodyLimits, metrics, requestBodyTimeoutMs, RequestMetrics.DISABLED);
    }
}
