package io.jpraxis.filters.payload.jsonbodyfield;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.filters.support.HeaderListKeys;

/** The keys of a {@code json_body_field} entry: one mapping ({@code field}, {@code header}) or a list. */
public final class JsonBodyFieldKeys {
    private static final String HEADER_RULE = HeaderListKeys.NAME_RULE + "; not hop-by-hop, framing, host or a "
            + "credential header";
    private static final ObjectDescriptor MAPPING = ObjectDescriptor.of("A top-level JSON field and the header "
            + "it is promoted to.",
            key("field", new KeyType.Text(1, null), "The top-level JSON field.").asRequired(),
            key("header", HeaderListKeys.NAME, "The request header its value is set in.").asRequired()
                    .withRule(HEADER_RULE));

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Promotes top-level JSON request body fields "
            + "to request headers.",
            key("field", new KeyType.Text(1, null), "The top-level JSON field (with header).")
                    .withRule("not with fields"),
            key("header", HeaderListKeys.NAME, "The request header its value is set in (with field).")
                    .withRule(HEADER_RULE),
            key("fields", KeyType.listOf(KeyType.object(MAPPING), 1, null), "Several mappings, instead of field "
                    + "and header.").withRule("each header once"),
            key("max_body_bytes", KeyType.integer(1, JsonBodyFieldConfig.MAX_BODY_BYTES), "Largest request body "
                    + "read for the fields.").withDefault(JsonBodyFieldConfig.DEFAULT_MAX_BODY_BYTES))
            .withExactlyOne("field", "fields");

    private JsonBodyFieldKeys() {
    }
}
