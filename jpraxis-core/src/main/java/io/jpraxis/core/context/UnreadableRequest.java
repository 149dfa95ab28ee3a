package io.jpraxis.core.context;

/**
 * Why a filter could not read what it needed from the request (an AI call whose body has no
 * {@code model}, a body that is not JSON), left in the request's extensions so that when nothing
 * chose a cluster the request is refused with 400 naming the field, the client's fault, rather than
 * the 500 of a pipeline with nowhere to send it (see
 * docs/behaviour/request-lifecycle.md#no-endpoint-selected).
 *
 * @param reason the client-facing message ({@code request body has no "model" field})
 * @param param the request field at fault, for error shapes that name it ({@code model}); may be null
 * @param code a short machine-readable code ({@code missing_required_parameter}, {@code invalid_json})
 */
public record UnreadableRequest(String reason, String param, String code) {
    /** Where the reader leaves it. */
    public static final Extensions.Key<UnreadableRequest> KEY =
            new Extensions.Key<>("unreadable_request", UnreadableRequest.class);
}
