package io.jpraxis.filters.transform.headers;

import io.jpraxis.config.model.HeaderValue;
import java.util.List;

/**
 * The {@code headers} filter's config (see docs/reference/filters/headers.md#what-it-does); every
 * list may be empty.
 */
public record HeadersConfig(
        List<HeaderValue> requestAdd,
        List<HeaderValue> requestSet,
        List<String> requestRemove,
        List<HeaderValue> responseAdd,
        List<HeaderValue> responseSet,
        List<String> responseRemove) {

    public HeadersConfig {
        requestAdd = List.copyOf(requestAdd);
        requestSet = List.copyOf(requestSet);
        requestRemove = List.copyOf(requestRemove);
        responseAdd = List.copyOf(responseAdd);
        responseSet = List.copyOf(responseSet);
        responseRemove = List.copyOf(responseRemove);
    }

    /** Whether the entry changes nothing (valid: such an entry often only hosts branches). */
    public boolean mutatesNothing() {
        return requestAdd.isEmpty() && requestSet.isEmpty() && requestRemove.isEmpty()
                && responseAdd.isEmpty() && responseSet.isEmpty() && responseRemove.isEmpty();
    }
}
