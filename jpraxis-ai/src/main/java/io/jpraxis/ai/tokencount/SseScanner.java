package io.jpraxis.ai.tokencount;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * An incremental server-sent-events scanner over raw bytes (see
 * docs/reference/filters/token_count.md#server-sent-events): lines end at CR, LF or CRLF (a CRLF
 * split across two pieces is one line end), {@code data:} lines of one event are joined with
 * {@code \n}, a partial line waits for the next piece, and other fields are ignored. Bytes are
 * never decoded here, so a piece that splits a UTF-8 sequence does no harm. Memory is bounded: an
 * event whose line and data together exceed {@code maxBytes} is dropped and scanning resumes at the
 * next blank line. Confined to one exchange.
 */
final class SseScanner {
    /** What the scanner hands on. */
    interface Sink {
        /** The data of one complete event, {@code data[0..length)}; valid only during the call. */
        void event(byte[] data, int length);

        /** An event was dropped for its size. */
        void dropped();
    }

    private static final byte[] DATA = {'d', 'a', 't', 'a', ':'};
    private static final int INITIAL = 256;

    private final int maxBytes;
    private final Sink sink;
    private byte[] line = new byte[INITIAL];
    private int lineLength;
    /** Whether the current line has any byte (a dropped event's lines keep none). */
    private boolean lineStarted;
    private byte[] data = new byte[INITIAL];
    private int dataLength;
    private boolean hasData;
    private boolean afterCr;
    private boolean dropping;

    SseScanner(long maxBytes, Sink sink) {
        this.maxBytes = (int) Math.min(maxBytes, Integer.MAX_VALUE - 8);
        this.sink = sink;
    }

    /**
     * Scans one piece; its position is moved to its limit. A run of bytes up to the next line end is
     * found and copied in bulk, so the cost per byte is one comparison, not a call and a bounds check.
     */
    void feed(ByteBuffer piece) {
        int limit = piece.limit();
        int at = piece.position();
        while (at < limit) {
            if (afterCr) {
                afterCr = false;
                if (piece.get(at) == '\n') {
                    at++; // the LF of a CRLF
                    continue;
                }
            }
            int end = lineEnd(piece, at, limit);
            if (end > at) {
                lineStarted = true;
                if (!dropping) {
                    appendRun(piece, at, end - at);
                }
            }
            if (end == limit) {
                at = limit;
                break;
            }
            afterCr = piece.get(end) == '\r';
            at = end + 1;
            endLine();
        }
        piece.position(limit);
    }

    /** The index of the first CR or LF in {@code piece[from, limit)}, or {@code limit}. */
    private static int lineEnd(ByteBuffer piece, int from, int limit) {
        if (piece.hasArray()) {
            byte[] a = piece.array();
            int offset = piece.arrayOffset();
            for (int i = from; i < limit; i++) {
                byte b = a[offset + i];
                if (b == '\r' || b == '\n') {
                    return i;
                }
            }
            return limit;
        }
        for (int i = from; i < limit; i++) {
            byte b = piece.get(i);
            if (b == '\r' || b == '\n') {
                return i;
            }
        }
        return limit;
    }

    /** Appends {@code piece[from, from + length)} to the line, or drops the event past the bound. */
    private void appendRun(ByteBuffer piece, int from, int length) {
        if ((long) lineLength + dataLength + length > maxBytes) {
            drop();
            return;
        }
        if (lineLength + length > line.length) {
            line = Arrays.copyOf(line, (int) Math.min(Math.max((long) line.length * 2, lineLength + length), maxBytes));
        }
        piece.get(from, line, lineLength, length);
        lineLength += length;
    }

    /** Ends the stream: a last line without its end, and a last event without its blank line, count. */
    void finish() {
        if (lineStarted) {
            endLine();
        }
        dispatch();
    }

    private void endLine() {
        boolean blank = !lineStarted;
        lineStarted = false;
        if (dropping) {
            if (blank) {
                dropping = false; // the dropped event ends here
            }
            return;
        }
        if (blank) {
            dispatch();
        } else if (startsWithData()) {
            int from = DATA.length < lineLength && line[DATA.length] == ' ' ? DATA.length + 1 : DATA.length;
            addData(from);
        }
        lineLength = 0;
    }

    private boolean startsWithData() {
        if (lineLength < DATA.length) {
            return false;
        }
        for (int i = 0; i < DATA.length; i++) {
            if (line[i] != DATA[i]) {
                return false;
            }
        }
        return true;
    }

    private void addData(int from) {
        int add = lineLength - from + (hasData ? 1 : 0);
        if ((long) dataLength + add > maxBytes) {
            drop();
            return;
        }
        if (dataLength + add > data.length) {
            data = Arrays.copyOf(data, (int) Math.min(Math.max((long) data.length * 2, dataLength + add), maxBytes));
        }
        if (hasData) {
            data[dataLength++] = '\n';
        }
        System.arraycopy(line, from, data, dataLength, lineLength - from);
        dataLength += lineLength - from;
        hasData = true;
    }

    private void dispatch() {
        if (hasData) {
            sink.event(data, dataLength);
        }
        hasData = false;
        dataLength = 0;
    }

    private void drop() {
        dropping = true;
        lineLength = 0;
        dataLength = 0;
        hasData = false;
        shrink();
        sink.dropped();
    }

    /** Gives back a buffer an oversized event grew, so one such event does not pin its memory. */
    private void shrink() {
        if (line.length > INITIAL * 64) {
            line = new byte[INITIAL];
        }
        if (data.length > INITIAL * 64) {
            data = new byte[INITIAL];
        }
    }
}
