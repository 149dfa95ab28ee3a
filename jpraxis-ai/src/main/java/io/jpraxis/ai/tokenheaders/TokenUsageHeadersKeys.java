package io.jpraxis.ai.tokenheaders;

import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of a {@code token_usage_headers} entry: none. */
public final class TokenUsageHeadersKeys {
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Copies the token.* counts to Praxis-Token-* "
            + "response headers when they are known by the time the headers go out.");

    private TokenUsageHeadersKeys() {
    }
}
