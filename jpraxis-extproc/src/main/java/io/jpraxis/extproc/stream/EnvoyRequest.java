package io.jpraxis.extproc.stream;

import io.jpraxis.core.http.HeaderMap;
import java.net.InetSocketAddress;

/**
 * A request head as Envoy described it, converted (see docs/behaviour/ext-proc.md#phases): method,
 * raw path and query, and the regular headers with {@code :authority} as {@code host}.
 *
 * @param headers the headers as Envoy holds them; the edge diffs the pipeline's result against a copy
 */
record EnvoyRequest(String method, String path, String query, String scheme, HeaderMap headers,
        InetSocketAddress clientAddress) {

    /** {@code :path} as Envoy had it. */
    String target() {
        return query == null ? path : path + "?" + query;
    }
}
