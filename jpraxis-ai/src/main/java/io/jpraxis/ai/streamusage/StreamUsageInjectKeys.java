package io.jpraxis.ai.streamusage;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of a {@code stream_usage_inject} entry. */
public final class StreamUsageInjectKeys {
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Asks an OpenAI chat completions stream for "
            + "its usage (stream_options.include_usage) when the client did not, so token_count can count it.",
            key("max_body_bytes", KeyType.integer(1, StreamUsageInjectConfig.MAX_BODY_BYTES), "Largest request "
                    + "body read; a larger one is refused with 413.").withDefault(
                            StreamUsageInjectConfig.DEFAULT_MAX_BODY_BYTES));

    private StreamUsageInjectKeys() {
    }
}
