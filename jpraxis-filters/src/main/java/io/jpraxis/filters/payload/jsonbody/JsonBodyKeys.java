package io.jpraxis.filters.payload.jsonbody;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.filters.support.HeaderListKeys;

/** The keys of a {@code json_body} entry and of its operations. */
public final class JsonBodyKeys {
    private static final KeyType POINTER = KeyType.text();
    private static final String POINTER_RULE = "RFC 6901 syntax";

    static final ObjectDescriptor STRUCTURED = ObjectDescriptor.of("A structured metadata slot.",
            key("namespace", new KeyType.Text(1, null), "The namespace.").asRequired(),
            key("key", new KeyType.Text(1, null), "The key within the namespace.").asRequired());

    static final ObjectDescriptor WRITE = ObjectDescriptor.of("A value written at a JSON pointer.",
            key("pointer", POINTER, "Where the value goes; not the whole document.").asRequired()
                    .withRule(POINTER_RULE + "; not equal to or inside another mutating pointer of the direction"),
            key("value", new KeyType.Open(), "A JSON value written in the config."),
            key("metadata", new KeyType.Text(1, null), "A flat metadata key; its value is written as a string."),
            key("structured_metadata", KeyType.object(STRUCTURED), "A JSON value an extract stored."),
            key("env_var", new KeyType.Text(1, null), "An environment variable read once at load; written as a "
                    + "string.").withRule("set at startup"))
            .withExactlyOne("value", "metadata", "structured_metadata", "env_var");

    static final ObjectDescriptor EXTRACT = ObjectDescriptor.of("A value copied out of the body.",
            key("pointer", POINTER, "The value to copy.").asRequired()
                    .withRule(POINTER_RULE + "; each pointer once per direction"),
            key("metadata", new KeyType.Text(1, null), "A flat metadata key (values of at most 256 bytes)."),
            key("structured_metadata", KeyType.object(STRUCTURED), "A structured metadata slot (the JSON value)."),
            key("header", HeaderListKeys.NAME, "A request header (request_extract only; values of at most 256 "
                    + "bytes).").withRule(HeaderListKeys.NAME_RULE + "; not hop-by-hop, framing or host"))
            .withExactlyOne("metadata", "structured_metadata", "header");

    static final ObjectDescriptor RESPONSE_EXTRACT = ObjectDescriptor.of("A value copied out of the response "
            + "body.",
            key("pointer", POINTER, "The value to copy.").asRequired()
                    .withRule(POINTER_RULE + "; each pointer once per direction"),
            key("metadata", new KeyType.Text(1, null), "A flat metadata key (values of at most 256 bytes)."),
            key("structured_metadata", KeyType.object(STRUCTURED), "A structured metadata slot (the JSON value)."))
            .withExactlyOne("metadata", "structured_metadata");

    private static final KeyType WRITES = KeyType.listOf(KeyType.object(WRITE));
    private static final KeyType EXTRACTS = KeyType.listOf(KeyType.object(EXTRACT));
    private static final KeyType POINTERS = KeyType.listOf(POINTER);
    /** Praxis has the keys, but a response body can only lose members or be read. */
    private static final KeyType EMPTY = KeyType.listOf(new KeyType.Open(), 0, 0);

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Adds, replaces, removes and extracts JSON "
            + "pointer targets in request and response bodies.",
            key("request_add", WRITES, "Values added to the request body (overwritten when present)."),
            key("request_replace", WRITES, "Values replacing what the request body has at each pointer."),
            key("request_remove", POINTERS, "Pointers removed from the request body.")
                    .withRule(POINTER_RULE + "; not the whole document"),
            key("request_extract", EXTRACTS, "Request body values copied to metadata or a header."),
            key("response_add", EMPTY, "Not supported: must be empty.").withRule("empty"),
            key("response_replace", EMPTY, "Not supported: must be empty.").withRule("empty"),
            key("response_remove", POINTERS, "Pointers removed from the response body.")
                    .withRule(POINTER_RULE + "; not the whole document"),
            key("response_extract", KeyType.listOf(KeyType.object(RESPONSE_EXTRACT)), "Response body values "
                    + "copied to metadata (no header)."),
            key("content_types", KeyType.listOf(new KeyType.Text(1, null)), "Content-Type prefixes of the bodies "
                    + "worked on; empty means every body.").withDefault("[]"),
            key("max_body_bytes", KeyType.integer(1, JsonBodyConfig.MAX_BODY_BYTES), "Most body bytes buffered "
                    + "per direction.").withDefault(JsonBodyConfig.DEFAULT_MAX_BODY_BYTES),
            key("on_invalid", KeyType.choice(JsonBodyConfig.OnInvalid.class), "What a body that is not one JSON "
                    + "document does: continue unchanged, reject (400), or error (failure_mode).")
                    .withDefault("continue"));

    private JsonBodyKeys() {
    }
}
