package io.jpraxis.filters.iterative;

import java.util.List;

/**
 * The typed config of an {@code iterative_request_router} (spec 5.10). Step filters stay entries;
 * their pipelines are built once by {@link StepCompiler}.
 *
 * @param maxResponseBytes per sub-request, already clamped to the pipeline's response body limit
 * @param maxStreamResponseBytes accepted and checked, null when unset; no jpraxis step streams
 * @param maxStateBytes the retained body state and the IRR's StreamBuffer request-body cap
 */
public record IterativeRouterConfig(
        String initialStep,
        List<StepConfig> steps,
        int maxIterations,
        long timeoutMs,
        long stepTimeoutMs,
        long maxResponseBytes,
        Long maxStreamResponseBytes,
        long maxStateBytes) {

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
