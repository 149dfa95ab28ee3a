package io.jpraxis.ai.modelfailover;

import java.util.List;
import java.util.Objects;

/**
 * A {@code model_failover} entry (see docs/reference/filters/model_failover.md): when an attempt
 * to the picked candidate meets a failover condition before its answer is relayed, the request
 * goes to the next candidate of the same model, with that candidate's credential and its own name
 * for the model.
 *
 * @param statuses answer statuses that fail over
 * @param transportErrors whether a connect failure, reset or missing head fails over
 * @param firstByteTimeoutMs how long an attempt may wait for its response head; 0: no limit of its own
 * @param maxAttempts the most entries one request tries, the first included; 0: every entry
 * @param upstreamModels the names clusters know a requested model by
 * @param maxBodyBytes the largest request body kept for resending
 */
public record ModelFailoverConfig(List<Integer> statuses, boolean transportErrors, long firstByteTimeoutMs,
        int maxAttempts, List<UpstreamModel> upstreamModels, long maxBodyBytes) {
    public static final List<Integer> DEFAULT_STATUSES = List.of(429, 500, 502, 503, 504);
    public static final long DEFAULT_MAX_BODY_BYTES = 10L * 1024 * 1024;
    public static final long MAX_FIRST_BYTE_TIMEOUT_MS = 3_600_000L;
    public static final int MAX_ATTEMPTS = 64;
    public static final int MAX_TEXT = 256;

    public ModelFailoverConfig {
        statuses = List.copyOf(statuses);
        upstreamModels = List.copyOf(upstreamModels);
    }

    /** The name {@code cluster} knows {@code model} by, or null when it knows it by the requested name. */
    public String upstreamModel(String model, String cluster) {
        for (UpstreamModel m : upstreamModels) {
            if (m.model().equals(model) && m.cluster().equals(cluster)) {
                return m.upstreamModel();
            }
        }
        return null;
    }

    /**
     * One renaming: requests for {@code model} routed to {@code cluster} carry {@code
     * upstreamModel} in the body's {@code model}.
     */
    public record UpstreamModel(String model, String cluster, String upstreamModel) {
        public UpstreamModel {
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(cluster, "cluster");
            Objects.requireNonNull(upstreamModel, "upstreamModel");
        }
    }
}
