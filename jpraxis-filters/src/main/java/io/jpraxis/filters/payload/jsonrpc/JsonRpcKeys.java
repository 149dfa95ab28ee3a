package io.jpraxis.filters.payload.jsonrpc;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.filters.support.HeaderListKeys;

/** The keys of a {@code json_rpc} entry. */
public final class JsonRpcKeys {
    private static final String NAME_RULE = HeaderListKeys.NAME_RULE + "; not hop-by-hop, framing or host; "
            + "null: not set";

    static final ObjectDescriptor HEADERS = ObjectDescriptor.of("Request headers the envelope is promoted to; "
            + "a name left out of the block is not set.",
            key("method", HeaderListKeys.NAME, "Header for the method.").withRule(NAME_RULE),
            key("id", HeaderListKeys.NAME, "Header for the id.").withRule(NAME_RULE),
            key("kind", HeaderListKeys.NAME, "Header for the message kind.").withRule(NAME_RULE));

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Reads the JSON-RPC 2.0 envelope of a "
            + "request body and promotes method, id and kind to headers and results.",
            key("max_body_bytes", KeyType.integer(1, JsonRpcConfig.MAX_BODY_BYTES), "Most request body bytes "
                    + "buffered.").withDefault(JsonRpcConfig.DEFAULT_MAX_BODY_BYTES),
            key("batch_policy", KeyType.choice(JsonRpcConfig.BatchPolicy.class), "A batch: reject (400), or "
                    + "promote its first valid message.").withDefault("reject"),
            key("on_invalid", KeyType.choice(JsonRpcConfig.OnInvalid.class), "A body that is not JSON-RPC 2.0: "
                    + "continue, reject (400), or error (failure_mode).").withDefault("continue"),
            key("headers", KeyType.object(HEADERS), "Header names.")
                    .withDefault("{method: X-Json-Rpc-Method, id: X-Json-Rpc-Id, kind: X-Json-Rpc-Kind}"));

    private JsonRpcKeys() {
    }
}
