package io.jpraxis.filters.observe.requestid;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.filters.support.HeaderListKeys;

/** The keys of a {@code request_id} entry. */
public final class RequestIdKeys {
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Gives each request an id, kept from the "
            + "client when valid, and echoes it on the response.",
            key("header_name", HeaderListKeys.NAME, "The header that carries the id.")
                    .withDefault(RequestIdFactory.DEFAULT_HEADER).withRule(HeaderListKeys.NAME_RULE + "; not host, "
                            + "a credential, framing or hop-by-hop header, nor reserved (x-praxis-*, "
                            + "x-ext-protocol-*, x-ext-agent-*)"));

    private RequestIdKeys() {
    }
}
