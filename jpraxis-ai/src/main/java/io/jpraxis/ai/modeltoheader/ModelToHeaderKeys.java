package io.jpraxis.ai.modeltoheader;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.filters.support.HeaderListKeys;

/** The keys of a {@code model_to_header} entry. */
public final class ModelToHeaderKeys {
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Copies the request body's model field to a "
            + "request header.",
            key("header", HeaderListKeys.NAME, "The header the model goes in.")
                    .withDefault(ModelToHeaderConfig.DEFAULT_HEADER).withRule(HeaderListKeys.NAME_RULE + "; not "
                            + "reserved, a provider-hop header, hop-by-hop, framing, host or a credential header"),
            key("trust_existing_header", KeyType.bool(), "Keep a header the client already sent instead of "
                    + "reading the body.").withDefault(false));

    private ModelToHeaderKeys() {
    }
}
