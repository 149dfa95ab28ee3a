package io.jpraxis.filters.observe.requestid;

/**
 * The {@code request_id} filter's config.
 *
 * @param headerName the header read from the client, sent upstream and echoed on the response, as
 *     configured (Praxis's default {@code X-Request-ID})
 */
public record RequestIdConfig(String headerName) {
}
