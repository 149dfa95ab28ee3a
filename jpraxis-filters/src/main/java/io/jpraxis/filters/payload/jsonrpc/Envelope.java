package io.jpraxis.filters.payload.jsonrpc;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What {@code json_rpc} reads from a JSON-RPC 2.0 message (see docs/reference/filters/json_rpc.md#what-it-publishes).
 *
 * @param kind the message kind
 * @param method the method of a request or notification
 * @param id the id as text: a string's characters, a number's JSON text, {@code null} for a null id
 * @param idKind the JSON type of the id
 * @param batchLength the number of messages in the batch, for kind {@link Kind#BATCH}
 */
record Envelope(Kind kind, Optional<String> method, Optional<String> id, IdKind idKind, OptionalInt batchLength) {

    /** Message kinds, published by their lower-case names. */
    enum Kind {
        REQUEST, NOTIFICATION, RESPONSE, BATCH;

        String yamlName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Id types, published by their lower-case names. */
    enum IdKind {
        STRING, INTEGER, NUMBER, NULL, MISSING;

        String yamlName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The same message as the first valid one of a batch of {@code length}. */
    Envelope inBatch(int length) {
        return new Envelope(Kind.BATCH, method, id, idKind, OptionalInt.of(length));
    }
}
