package io.jpraxis.extproc.stream;

import com.google.protobuf.ByteString;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a body replacement into pieces below Envoy's per-message limit (see
 * docs/behaviour/ext-proc.md#phases, docs/behaviour/ext-proc.md#implementation-notes): 63,488
 * bytes, Praxis's 62 KiB, leaving room for the message's other fields.
 */
final class BodyChunker {
    static final int CHUNK_BYTES = 63_488;

    private BodyChunker() {
    }

    /** The pieces of {@code body} in order; one empty piece for an empty body. */
    static List<ByteString> chunks(ByteString body, int size) {
        List<ByteString> out = new ArrayList<>();
        if (body.isEmpty()) {
            out.add(ByteString.EMPTY);
            return out;
        }
        for (int at = 0; at < body.size(); at += size) {
            out.add(body.substring(at, Math.min(body.size(), at + size)));
        }
        return out;
    }
}
