package io.jpraxis.core.pipeline.execute;

import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ReservedHeaders;
import io.jpraxis.core.pipeline.CompiledPipeline;
import java.util.Optional;

/**
 * What every edge does to a client request before the pipeline: refuse reserved headers (see
 * docs/behaviour/routing-headers.md#reserved-header-prefixes) and strip client copies of headers
 * filters own (see docs/behaviour/routing-headers.md#headers-a-filter-owns).
 */
public final class IngressPolicy {
    private IngressPolicy() {
    }

    /**
     * Checks and cleans {@code clientHeaders} in place.
     *
     * @return a 400 rejection when the client sent a reserved header, else empty
     */
    public static Optional<RequestOutcome.Reject> admit(HeaderMap clientHeaders, CompiledPipeline pipeline) {
        String forbidden = ReservedHeaders.firstForbidden(clientHeaders);
        if (forbidden != null) {
            return Optional.of(new RequestOutcome.Reject(400, "reserved header not allowed: " + forbidden));
        }
        for (String owned : pipeline.ownedRequestHeaders()) {
            clientHeaders.remove(owned);
        }
        return Optional.empty();
    }
}
