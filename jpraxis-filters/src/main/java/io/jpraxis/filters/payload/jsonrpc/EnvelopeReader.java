package io.jpraxis.filters.payload.jsonrpc;

import io.jpraxis.filters.payload.jsonbody.JsonDoc;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Arr;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Leaf;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Member;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Obj;
import io.jpraxis.filters.payload.jsonbody.JsonDocCodec;
import io.jpraxis.filters.payload.jsonrpc.Envelope.IdKind;
import io.jpraxis.filters.payload.jsonrpc.Envelope.Kind;
import io.jpraxis.filters.payload.jsonrpc.JsonRpcConfig.BatchPolicy;
import java.io.InputStream;
import java.math.BigInteger;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Reads the envelope of a JSON-RPC 2.0 message (JSON-RPC 2.0 sections 4, 5 and 6): a
 * {@code "jsonrpc": "2.0"} object is a response when it has {@code result} or {@code error}, else a
 * request (with an {@code id}) or a notification (without), whose {@code method} must be a string;
 * an id must be a string, a number or null. Repeated members: the last one counts.
 */
final class EnvelopeReader {
    private static final BigInteger MIN_INTEGER = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger MAX_INTEGER = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private EnvelopeReader() {
    }

    /** What a body turned out to be. */
    sealed interface Outcome {
        /** A message (or a batch's first valid one). */
        record Found(Envelope envelope) implements Outcome {
        }

        /** Valid JSON, but not a JSON-RPC 2.0 message (no {@code jsonrpc} member, or not an object). */
        record NotJsonRpc() implements Outcome {
        }

        /** Not JSON, or a JSON-RPC message that breaks the rules; {@code reason} is for the log. */
        record Invalid(String reason) implements Outcome {
        }

        /** An empty batch, or a batch the policy refuses: always 400, whatever {@code on_invalid} says. */
        record RefusedBatch(String reason) implements Outcome {
        }
    }

    static Outcome read(InputStream body, BatchPolicy batchPolicy) {
        return switch (JsonDocCodec.read(body)) {
            case JsonDocCodec.Invalid invalid -> new Outcome.Invalid("invalid JSON: " + invalid.reason());
            case JsonDocCodec.Document doc when doc.trailing() -> new Outcome.Invalid("invalid JSON: trailing content");
            case JsonDocCodec.Document doc -> switch (doc.root()) {
                case Arr batch -> batch(batch, batchPolicy);
                case Obj obj -> message(obj);
                case Leaf leaf -> new Outcome.NotJsonRpc();
            };
        };
    }

    private static Outcome batch(Arr batch, BatchPolicy policy) {
        if (batch.elements().isEmpty()) {
            return new Outcome.RefusedBatch("batch array is empty");
        }
        return switch (policy) {
            case REJECT -> new Outcome.RefusedBatch("batch requests are refused (batch_policy: reject)");
            case FIRST -> {
                for (JsonDoc item : batch.elements()) {
                    if (item instanceof Obj obj && message(obj) instanceof Outcome.Found found) {
                        yield new Outcome.Found(found.envelope().inBatch(batch.elements().size()));
                    }
                }
                yield new Outcome.NotJsonRpc();
            }
        };
    }

    private static Outcome message(Obj obj) {
        Optional<JsonDoc> version = member(obj, "jsonrpc");
        if (version.isEmpty() || !(version.get() instanceof Leaf v && v.kind() == JsonDoc.Kind.STRING)) {
            return new Outcome.NotJsonRpc();
        }
        if (!v.text().equals("2.0")) {
            return new Outcome.Invalid("wrong jsonrpc version (expected: \"2.0\")");
        }
        Optional<JsonDoc> idValue = member(obj, "id");
        IdKind idKind = idValue.isPresent() ? idKind(idValue.get()) : IdKind.MISSING;
        if (idKind == null) {
            return new Outcome.Invalid("id must be a string, a number or null");
        }
        Optional<String> id = idValue.map(EnvelopeReader::idText);
        if (member(obj, "result").isPresent() || member(obj, "error").isPresent()) {
            return new Outcome.Found(new Envelope(Kind.RESPONSE, Optional.empty(), id, idKind, OptionalInt.empty()));
        }
        Optional<JsonDoc> method = member(obj, "method");
        if (method.isEmpty()) {
            return new Outcome.Invalid("no method in a request or notification");
        }
        if (!(method.get() instanceof Leaf m && m.kind() == JsonDoc.Kind.STRING)) {
            return new Outcome.Invalid("method must be a string");
        }
        Kind kind = id.isPresent() ? Kind.REQUEST : Kind.NOTIFICATION;
        return new Outcome.Found(new Envelope(kind, Optional.of(m.text()), id, idKind, OptionalInt.empty()));
    }

    /** The last member named {@code name}. */
    private static Optional<JsonDoc> member(Obj obj, String name) {
        JsonDoc found = null;
        for (Member m : obj.members()) {
            if (m.name().equals(name)) {
                found = m.value();
            }
        }
        return Optional.ofNullable(found);
    }

    /** The id's type, or null when an id may not have it (boolean, object, array). */
    private static IdKind idKind(JsonDoc id) {
        if (!(id instanceof Leaf leaf)) {
            return null;
        }
        return switch (leaf.kind()) {
            case STRING -> IdKind.STRING;
            case NULL -> IdKind.NULL;
            case BOOLEAN -> null;
            case NUMBER -> integer(leaf.text()) != null ? IdKind.INTEGER : IdKind.NUMBER;
        };
    }

    private static String idText(JsonDoc id) {
        Leaf leaf = (Leaf) id;
        return switch (leaf.kind()) {
            case STRING, NULL, BOOLEAN -> leaf.text();
            case NUMBER -> {
                BigInteger integer = integer(leaf.text());
                yield integer != null ? integer.toString() : Double.toString(Double.parseDouble(leaf.text()));
            }
        };
    }

    /** The integer a number spells when it is one that fits 64 bits (signed or unsigned), else null. */
    private static BigInteger integer(String text) {
        if (text.indexOf('.') >= 0 || text.indexOf('e') >= 0 || text.indexOf('E') >= 0) {
            return null;
        }
        BigInteger value = new BigInteger(text);
        return value.compareTo(MIN_INTEGER) >= 0 && value.compareTo(MAX_INTEGER) <= 0 ? value : null;
    }
}
