package io.jpraxis.filters.traffic.staticresponse;

import io.jpraxis.config.model.HeaderValue;
import java.util.List;

/**
 * The {@code static_response} filter's config (see
 * docs/reference/filters/static_response.md#what-it-does).
 *
 * @param body the body text, empty when unset
 */
public record StaticResponseConfig(int status, String body, List<HeaderValue> headers) {

    public StaticResponseConfig {
        headers = List.copyOf(headers);
    }
}
