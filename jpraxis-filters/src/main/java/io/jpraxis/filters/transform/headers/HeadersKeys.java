package io.jpraxis.filters.transform.headers;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.filters.support.HeaderListKeys;

/** The keys of a {@code headers} entry. */
public final class HeadersKeys {
    private static final String NO_HOP_BY_HOP =
            "no hop-by-hop names (connection, keep-alive, proxy-connection, transfer-encoding, te, trailer, upgrade)";

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Adds, sets and removes request and response "
            + "headers.",
            key("request_add", HeaderListKeys.PAIRS, "Headers added to the upstream request.").withDefault("[]"),
            key("request_set", HeaderListKeys.PAIRS, "Headers set on the upstream request, replacing any value.")
                    .withDefault("[]"),
            key("request_remove", HeaderListKeys.NAMES, "Headers removed from the upstream request.")
                    .withDefault("[]"),
            key("response_add", HeaderListKeys.PAIRS, "Headers added to the response.").withDefault("[]")
                    .withRule(NO_HOP_BY_HOP),
            key("response_set", HeaderListKeys.PAIRS, "Headers set on the response, replacing any value.")
                    .withDefault("[]").withRule(NO_HOP_BY_HOP),
            key("response_remove", HeaderListKeys.NAMES, "Headers removed from the response.").withDefault("[]"));

    private HeadersKeys() {
    }
}
