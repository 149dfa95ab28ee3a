package io.jpraxis.core.picker;

import io.jpraxis.core.context.Extensions;

/**
 * Set by {@code intelligent_route} when it rejects a request because no candidate (or none in the
 * {@link EndpointSubset}) may take it, so an endpoint-picker edge can answer 503 where the HTTP
 * edge answers the filter's 404 (see docs/behaviour/ext-proc.md#picker-mode) without parsing
 * reasons.
 */
public record NoEligibleCandidate(String kind, String name) {
    public static final Extensions.Key<NoEligibleCandidate> KEY = new Extensions.Key<>("no_eligible_candidate",
            NoEligibleCandidate.class);
}
