package io.jpraxis.config.model;

import java.util.List;

/**
 * A request predicate; every field that is set must match (AND). Null or empty means unset.
 *
 * @param headers name/value pairs in document order; names as written
 */
public record RequestPredicateConfig(
        String path,
        String pathPrefix,
        List<String> methods,
        List<HeaderValue> headers,
        List<String> headersPresent,
        Boolean grpc,
        UpstreamMatcher boundUpstream,
        UpstreamMatcher selectedUpstream) {

    public RequestPredicateConfig {
        methods = methods == null ? null : List.copyOf(methods);
        headers = headers == null ? null : List.copyOf(headers);
        headersPresent = headersPresent == null ? null : List.copyOf(headersPresent);
    }
}
