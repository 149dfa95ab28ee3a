package io.jpraxis.filters.iterative;

import io.jpraxis.core.context.FilterResults;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.subrequest.TransportError;
import io.jpraxis.filters.iterative.TransitionRule.Origin;

/**
 * What one step produced: its response (after the step's response filters), where it came from,
 * the transport failure kind when it came from none, and its filters' retained results.
 *
 * @param transportError the failure kind when {@code origin} is {@link Origin#TRANSPORT}, else null
 */
record StepResult(Origin origin, TransportError transportError, LocalResponse response, FilterResults results) {

    /**
     * Whether {@code rule}'s predicates all hold for this result (ANDed; default matches anything;
     * see docs/behaviour/iterative-router.md#steps-and-transitions).
     */
    boolean matches(TransitionRule rule) {
        if (rule.isDefault()) {
            return true;
        }
        if (!rule.status().isEmpty() && !rule.status().contains(response.status())) {
            return false;
        }
        if (rule.origin() != null && rule.origin() != origin) {
            return false;
        }
        if (rule.transportError() != null && rule.transportError() != transportError) {
            return false;
        }
        TransitionRule.ResultKey key = rule.result();
        return key == null || results.get(key.filter(), key.key()).map(key.value()::equals).orElse(false);
    }
}
