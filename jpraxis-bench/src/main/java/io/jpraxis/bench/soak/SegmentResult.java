package io.jpraxis.bench.soak;

import io.jpraxis.bench.load.ToolResult;

/**
 * What one part of the mix did in one segment of the soak.
 *
 * @param startSeconds when the segment started, in seconds since the load started
 * @param result h2load's counts (its latency percentiles are not kept: -1); null when it failed
 * @param failure why it produced no counts, or null
 */
public record SegmentResult(int segment, double startSeconds, int seconds, String part, ToolResult result,
        String failure) {

    /** Requests that did not end in 2xx (network errors and timeouts included); a failed run counts 1. */
    public long errors() {
        return result == null ? 1 : result.errors();
    }

    /** Requests answered. */
    public long requests() {
        return result == null ? 0 : result.requests();
    }
}
