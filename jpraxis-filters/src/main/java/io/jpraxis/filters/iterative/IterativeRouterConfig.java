package io.jpraxis.filters.iterative;

import io.jpraxis.config.model.YamlShaped;
import io.jpraxis.config.tree.ConfigNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The typed config of an {@code iterative_request_router} (see
 * docs/behaviour/iterative-router.md#steps-and-transitions). Step filters stay entries; their
 * pipelines are built once by {@link StepCompiler}.
 *
 * @param maxResponseBytes per sub-request, already clamped to the pipeline's response body limit
 * @param maxStreamResponseBytes the cap on a streamed step answer's body sent to the client, null when unset
 *     (see docs/behaviour/iterative-router.md#streamed-answers)
 * @param maxStateBytes the retained body state and the IRR's StreamBuffer request-body cap
 * @param stepsSource the {@code steps} list as written, which {@code dump} shows as it is (the step
 *     filters' own effective configs live in their nested pipelines)
 */
public record IterativeRouterConfig(
        String initialStep,
        List<StepConfig> steps,
        int maxIterations,
        long timeoutMs,
        long stepTimeoutMs,
        long maxResponseBytes,
        Long maxStreamResponseBytes,
        long maxStateBytes,
        ConfigNode stepsSource) implements YamlShaped {

    public static final int DEFAULT_MAX_ITERATIONS = 10;
    public static final int MAX_ITERATIONS_LIMIT = 100;
    public static final long DEFAULT_TIMEOUT_MS = 30_000;
    public static final long MAX_TIMEOUT_MS = 86_400_000;
    public static final long DEFAULT_MAX_RESPONSE_BYTES = 10L * 1024 * 1024;
    public static final long DEFAULT_MAX_STATE_BYTES = 52_428_800;
    public static final int MAX_STEPS = 20;

    public IterativeRouterConfig {
        steps = List.copyOf(steps);
    }

    @Override
    public Object toYaml() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("initial_step", initialStep);
        out.put("max_iterations", maxIterations);
        out.put("timeout_ms", timeoutMs);
        out.put("step_timeout_ms", stepTimeoutMs);
        out.put("max_response_bytes", maxResponseBytes);
        if (maxStreamResponseBytes != null) {
            out.put("max_stream_response_bytes", maxStreamResponseBytes);
        }
        out.put("max_state_bytes", maxStateBytes);
        out.put("steps", stepsSource);
        return out;
    }

    /** The step named {@code name}; the reader made sure every name it resolves exists. */
    public StepConfig step(String name) {
        for (StepConfig s : steps) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("no step " + name);
    }
}
