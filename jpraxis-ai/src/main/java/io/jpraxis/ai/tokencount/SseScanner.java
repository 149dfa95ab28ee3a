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

    /** Scans one piece; its position is moved to its limit. */
    void feed(ByteBuffer piece) {
        while (piece.hasRemaining()) {
            byte b = piece.get();
            if (afterCr) {
                afterCr = false;
                if (b == '\n') {
                    continue; // the LF of a CRLF
                }
            }
            if (b == '\r' || b == '\n') {
                afterCr = b == '\r';
                endLine();
            } else {
                lineStarted = true;
                if (!dropping) {
                    append(b);
                }
            }
        }
    }

    /** Ends the stream: a last line without its end, and a last event without its blank line, count. */
    void finish() {
        if (lineStarted) {
            endLine();
        }
        dispatch();
    }

    private void append(byte b) {
        if (lineLength + dataLength + 1 > maxBytes) {
            drop();
            return;
        }
        if (lineLength == line.length) {
            line = Arrays.copyOf(line, (int) Math.min((long) line.length * 2, maxBytes));
        }
        line[lineLength++] = b;
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
