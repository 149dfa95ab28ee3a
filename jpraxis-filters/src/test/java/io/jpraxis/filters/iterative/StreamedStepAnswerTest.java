package io.jpraxis.filters.iterative;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.http.BodySink;
import io.jpraxis.core.http.BodyStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The committed step answer's body (see docs/behaviour/iterative-router.md#streamed-answers):
 * {@code max_stream_response_bytes} lets exactly that many bytes through and cuts a longer body,
 * a failure passes on as a cut, and the bytes are reported once.
 */
class StreamedStepAnswerTest {

    /** A source of fixed pieces that ends, or fails when {@code failure} is set. */
    private static final class Pieces implements BodyStream {
        private final ArrayDeque<byte[]> left = new ArrayDeque<>();
        private final String failure;
        boolean cancelled;

        Pieces(List<String> pieces, String failure) {
            pieces.forEach(p -> left.add(p.getBytes(StandardCharsets.UTF_8)));
            this.failure = failure;
        }

        @Override
        public void pull(BodySink sink) {
            if (!left.isEmpty()) {
                sink.piece(left.poll());
            } else if (failure != null) {
                sink.failed(failure);
            } else {
                sink.end();
            }
        }

        @Override
        public void cancel() {
            cancelled = true;
        }
    }

    /** Pulls {@code body} to its end: what arrived, and how it ended. */
    private record Drained(String bytes, String ending) {
    }

    private static Drained drain(BodyStream body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String[] ending = new String[1];
        while (ending[0] == null) {
            body.pull(new BodySink() {
                @Override
                public void piece(byte[] bytes) {
                    out.writeBytes(bytes);
                }

                @Override
                public void end() {
                    ending[0] = "end";
                }

                @Override
                public void failed(String detail) {
                    ending[0] = "failed: " + detail;
                }
            });
        }
        return new Drained(out.toString(StandardCharsets.UTF_8), ending[0]);
    }

    private long reportedBytes = -1;
    private Boolean reportedClean;
    private int reports;

    private StreamedStepAnswer answer(Pieces source, long cap) {
        return new StreamedStepAnswer(source, "req-1", "only", cap, (bytes, clean) -> {
            reportedBytes = bytes;
            reportedClean = clean;
            reports++;
        });
    }

    @Test
    void anUncappedBodyPassesWholeAndEndsCleanly() {
        Drained d = drain(answer(new Pieces(List.of("data: 1\n\n", "data: 2\n\n"), null), Long.MAX_VALUE));
        assertThat(d).isEqualTo(new Drained("data: 1\n\ndata: 2\n\n", "end"));
        assertThat(reports).isEqualTo(1);
        assertThat(reportedBytes).isEqualTo(18);
        assertThat(reportedClean).isTrue();
    }

    @Test
    void aBodyLongerThanTheCapIsCutRightAfterIt() {
        Pieces source = new Pieces(List.of("0123456789", "abcdefghij"), null);
        Drained d = drain(answer(source, 15));
        assertThat(d.bytes()).isEqualTo("0123456789abcde");
        assertThat(d.ending()).startsWith("failed: max_stream_response_bytes (15)");
        assertThat(source.cancelled).as("the step's upstream is let go").isTrue();
        assertThat(reportedBytes).isEqualTo(15);
        assertThat(reportedClean).isFalse();
    }

    @Test
    void aBodyOfExactlyTheCapEndsCleanly() {
        Drained d = drain(answer(new Pieces(List.of("0123456789", "abcdefghij"), null), 20));
        assertThat(d).isEqualTo(new Drained("0123456789abcdefghij", "end"));
        assertThat(reportedClean).isTrue();
    }

    @Test
    void aPieceAfterTheCapIsCutEvenWhenTheCapFellOnAPieceBoundary() {
        Drained d = drain(answer(new Pieces(List.of("0123456789", "x"), null), 10));
        assertThat(d.bytes()).isEqualTo("0123456789");
        assertThat(d.ending()).startsWith("failed: max_stream_response_bytes");
    }

    @Test
    void anUpstreamFailurePassesOnAsACut() {
        Drained d = drain(answer(new Pieces(List.of("part"), "io: reset"), Long.MAX_VALUE));
        assertThat(d).isEqualTo(new Drained("part", "failed: io: reset"));
        assertThat(reports).isEqualTo(1);
        assertThat(reportedClean).isFalse();
    }

    @Test
    void cancellingLetsTheUpstreamGoAndReportsOnce() {
        Pieces source = new Pieces(List.of("part"), null);
        StreamedStepAnswer answer = answer(source, Long.MAX_VALUE);
        answer.cancel();
        answer.cancel();
        assertThat(source.cancelled).isTrue();
        assertThat(reports).isEqualTo(1);
        assertThat(reportedBytes).isZero();
    }
}
