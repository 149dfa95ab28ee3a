package io.jpraxis.core.subrequest;

import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.upstream.UpstreamTarget;
import java.time.Instant;
import java.util.Objects;

/**
 * One sub-request as it goes upstream. {@code headers} are sent as they are, except that the client
 * sets {@code Host} from the target cluster's authority when absent, recomputes framing ({@code
 * content-length} from {@code body}; no {@code transfer-encoding}) and drops hop-by-hop headers.
 * Reserved {@code x-praxis-*} headers are stripped as on every upstream request, except {@code
 * x-praxis-iterative-depth}, which sub-requests carry (see
 * docs/behaviour/routing-headers.md#reserved-header-prefixes).
 *
 * @param target the endpoint and its cluster settings (TLS, authority, timeouts)
 * @param method upper-case method
 * @param pathAndQuery origin-form target ({@code /v1/chat?x=1})
 * @param body the whole request body; empty for none
 * @param deadline when the client gives up and answers {@link TransportError#DEADLINE_EXCEEDED}
 * @param maxResponseBytes response body bytes beyond which it answers {@link TransportError#RESPONSE_TOO_LARGE}
 */
public record SubRequest(UpstreamTarget target, String method, String pathAndQuery, HeaderMap headers, byte[] body,
        Instant deadline, long maxResponseBytes) {

    public SubRequest {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(pathAndQuery, "pathAndQuery");
        Objects.requireNonNull(headers, "headers");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(deadline, "deadline");
        if (maxResponseBytes <= 0) {
            throw new IllegalArgumentException("maxResponseBytes must be positive: " + maxResponseBytes);
        }
    }
}
