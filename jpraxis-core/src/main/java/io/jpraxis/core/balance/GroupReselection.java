package io.jpraxis.core.balance;

import io.jpraxis.core.upstream.EndpointState;
import java.util.Collection;
import java.util.List;

/**
 * Retries under a group strategy: the strategy's own pick when it is untried, else the first
 * untried endpoint in the strategy's order of preference (its groups in turn), healthy ones first.
 */
final class GroupReselection {
    private GroupReselection() {
    }

    /**
     * @param pick what the strategy picks for the request now
     * @param preference the endpoints a retry may go to, most preferred first
     * @return null when every endpoint of {@code preference} was tried
     */
    static EndpointState reselect(EndpointState pick, Collection<EndpointState> tried,
            List<List<EndpointState>> preference) {
        if (!tried.contains(pick)) {
            return pick;
        }
        EndpointState unhealthy = null;
        for (List<EndpointState> group : preference) {
            for (EndpointState e : group) {
                if (tried.contains(e)) {
                    continue;
                }
                if (e.healthy()) {
                    return e;
                }
                unhealthy = unhealthy == null ? e : unhealthy;
            }
        }
        return unhealthy;
    }
}
