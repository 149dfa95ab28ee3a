package io.jpraxis.ai.modeltoheader;

/**
 * The {@code model_to_header} filter's config (see
 * docs/reference/filters/model_to_header.md#what-it-does).
 *
 * @param header the request header that receives the body's top-level {@code model}
 * @param trustExistingHeader whether a header the request already carries is kept unchanged
 *     (only safe behind a hop that sets or scrubs it)
 */
public record ModelToHeaderConfig(String header, boolean trustExistingHeader) {
    /** Praxis's default target header. */
    public static final String DEFAULT_HEADER = "X-Model";
    /** The body field promoted. */
    public static final String FIELD = "model";
}
