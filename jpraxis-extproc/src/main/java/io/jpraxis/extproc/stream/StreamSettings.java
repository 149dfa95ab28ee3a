package io.jpraxis.extproc.stream;

import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.runtime.RuntimeServices;

/**
 * What every stream of one server shares.
 *
 * @param routeHeader the route header picker mode mirrors (null unless picker mode)
 * @param maxBodyBytes the request body accumulation cap (10 MiB; see
 * docs/behaviour/intelligent-route.md#limits)
 */
public record StreamSettings(CompiledPipeline pipeline, boolean pickerMode, String routeHeader,
        ExtProcMetrics metrics, RuntimeServices services, long maxBodyBytes) {

    /** 10,485,760 bytes (see docs/behaviour/ext-proc.md#phases). */
    public static final long DEFAULT_MAX_BODY_BYTES = 10L * 1024 * 1024;
}
