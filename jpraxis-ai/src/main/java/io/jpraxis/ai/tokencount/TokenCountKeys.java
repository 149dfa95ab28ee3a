package io.jpraxis.ai.tokencount;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of a {@code token_count} entry. */
public final class TokenCountKeys {
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Reads the token usage a model provider reports "
            + "in its JSON or server-sent-event response into token.* metadata, the access log and metrics.",
            key("provider", KeyType.choice(TokenProvider.class), "Whose response shape the usage is read from "
                    + "(azure uses the OpenAI schema; bedrock_invoke_model reads response headers).").asRequired(),
            key("max_body_bytes", KeyType.integer(1, TokenCountConfig.MAX_LIMIT), "The most bytes of a JSON "
                    + "response copied for parsing; a larger body publishes token.status=overflow and no counts.")
                    .withDefault(TokenCountConfig.DEFAULT_LIMIT),
            key("max_scratch_bytes", KeyType.integer(1, TokenCountConfig.MAX_LIMIT), "The most bytes of one "
                    + "server-sent event (line and data); a larger event is skipped, the stream goes on.")
                    .withDefault(TokenCountConfig.DEFAULT_LIMIT));

    private TokenCountKeys() {
    }
}
