package io.jpraxis.ai.ttft;

/** The {@code time_to_first_token} filter's config: it has no keys. */
public record TimeToFirstTokenConfig() {
}
