package io.jpraxis.config.model;

import java.util.List;

/** One item of {@code response_conditions}: {@code status}, {@code headers}, {@code headers_present}. */
public record ResponseConditionConfig(ConditionConfig.Kind kind, List<Integer> status, List<HeaderValue> headers,
        List<String> headersPresent, SourceRef source) {
    public ResponseConditionConfig {
        status = status == null ? null : List.copyOf(status);
        headers = headers == null ? null : List.copyOf(headers);
        headersPresent = headersPresent == null ? null : List.copyOf(headersPresent);
    }
}
