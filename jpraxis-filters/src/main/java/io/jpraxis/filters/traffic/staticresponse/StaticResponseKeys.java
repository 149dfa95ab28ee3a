package io.jpraxis.filters.traffic.staticresponse;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.filters.support.HeaderListKeys;

/** The keys of a {@code static_response} entry. */
public final class StaticResponseKeys {
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Answers every request itself.",
            key("status", KeyType.integer(200, 599), "The response status.").asRequired(),
            key("body", KeyType.text(), "The response body.").withDefault(""),
            key("headers", HeaderListKeys.PAIRS, "Response headers.").withDefault("[]")
                    .withRule("no framing or hop-by-hop names (content-length, transfer-encoding, connection, "
                            + "keep-alive, upgrade, te, trailer)"));

    private StaticResponseKeys() {
    }
}
