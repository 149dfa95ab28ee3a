package io.jpraxis.ai.ttft;

import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of a {@code time_to_first_token} entry: none. */
public final class TimeToFirstTokenKeys {
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Measures the time from the request's arrival "
            + "to the first body byte of a streamed (server-sent-event) answer.");

    private TimeToFirstTokenKeys() {
    }
}
