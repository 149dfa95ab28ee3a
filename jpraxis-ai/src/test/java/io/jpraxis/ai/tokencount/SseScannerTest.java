package io.jpraxis.ai.tokencount;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The incremental scanner: line ends, joined data lines, partial lines, oversized events. */
class SseScannerTest {
    private final List<String> events = new ArrayList<>();
    private int dropped;

    private SseScanner scanner(long max) {
        return new SseScanner(max, new SseScanner.Sink() {
            @Override
            public void event(byte[] data, int length) {
                events.add(new String(data, 0, length, StandardCharsets.UTF_8));
            }

            @Override
            public void dropped() {
                dropped++;
            }
        });
    }

    private static void feed(SseScanner s, String text) {
        s.feed(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void crLfAndCrlfAllEndLines() {
        SseScanner s = scanner(1024);
        feed(s, "data: a\n\ndata: b\r\rdata: c\r\n\r\n");
        assertThat(events).containsExactly("a", "b", "c");
    }

    @Test
    void dataLinesJoinWithNewlineAndOtherFieldsAreIgnored() {
        SseScanner s = scanner(1024);
        feed(s, "event: x\nid: 3\n: comment\ndata: one\ndata:two\nretry: 5\n\n");
        assertThat(events).as("one optional space after the colon is removed").containsExactly("one\ntwo");
    }

    @Test
    void aPartialLineWaitsForTheNextPiece() {
        SseScanner s = scanner(1024);
        feed(s, "data: hel");
        assertThat(events).isEmpty();
        feed(s, "lo\r");
        feed(s, "\n\r");
        feed(s, "\n");
        assertThat(events).as("a CRLF split across pieces is one line end").containsExactly("hello");
    }

    @Test
    void directAndSlicedBuffersScanAsHeapOnesDo() {
        String text = "data: {\"a\":1}\r\n\r\ndata: x\ndata: y\n\n";
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        SseScanner direct = scanner(1024);
        ByteBuffer off = ByteBuffer.allocateDirect(bytes.length);
        off.put(bytes).flip();
        direct.feed(off);
        assertThat(off.hasRemaining()).isFalse();
        SseScanner sliced = scanner(1024);
        byte[] padded = new byte[bytes.length + 7];
        System.arraycopy(bytes, 0, padded, 5, bytes.length);
        for (int i = 0; i < bytes.length; i += 3) { // odd piece sizes through an offset array
            sliced.feed(ByteBuffer.wrap(padded).slice(5 + i, Math.min(3, bytes.length - i)));
        }
        assertThat(events).containsExactly("{\"a\":1}", "x\ny", "{\"a\":1}", "x\ny");
    }

    @Test
    void anOversizedEventIsDroppedAndScanningResumesAtTheNextEvent() {
        SseScanner s = scanner(16);
        feed(s, "data: " + "x".repeat(40) + "\ndata: more\n\ndata: ok\n\n");
        assertThat(dropped).isEqualTo(1);
        assertThat(events).containsExactly("ok");
    }

    @Test
    void finishDeliversALastEventWithoutItsBlankLine() {
        SseScanner s = scanner(1024);
        feed(s, "data: last");
        s.finish();
        assertThat(events).containsExactly("last");
    }

    @Test
    void anEventWithoutDataIsNoEvent() {
        SseScanner s = scanner(1024);
        feed(s, "event: ping\n\n\n\n");
        assertThat(events).isEmpty();
    }
}
