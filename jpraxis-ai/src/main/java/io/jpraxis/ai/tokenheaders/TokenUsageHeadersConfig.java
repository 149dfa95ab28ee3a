package io.jpraxis.ai.tokenheaders;

/** The {@code token_usage_headers} filter's config: it has no keys. */
public record TokenUsageHeadersConfig() {
}
