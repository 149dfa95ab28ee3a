package io.jpraxis.core.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The ratchet merge (see docs/behaviour/body-access.md#access-and-delivery-modes) of declared body
 * modes, and the body view filters get.
 */
class BodyModeTest {

    @Test
    void streamBufferOutranksSizeLimitWhichOutranksStream() {
        BodyMode buffer = BodyMode.buffer(10);
        BodyMode limit = new BodyMode.SizeLimit(1_000);
        assertThat(BodyMode.ratchet(BodyMode.STREAM, limit)).isEqualTo(limit);
        assertThat(BodyMode.ratchet(limit, BodyMode.STREAM)).isEqualTo(limit);
        assertThat(BodyMode.ratchet(limit, buffer)).as("a small buffer still outranks a large limit").isEqualTo(buffer);
        assertThat(BodyMode.ratchet(buffer, BodyMode.STREAM)).isEqualTo(buffer);
        assertThat(BodyMode.ratchet(BodyMode.STREAM, BodyMode.STREAM)).isEqualTo(BodyMode.STREAM);
    }

    @Test
    void twoBuffersMergeToTheLargerBoundAndUnboundedWins() {
        assertThat(BodyMode.ratchet(BodyMode.buffer(10), BodyMode.buffer(20))).isEqualTo(BodyMode.buffer(20));
        assertThat(BodyMode.ratchet(BodyMode.buffer(20), BodyMode.buffer(10))).isEqualTo(BodyMode.buffer(20));
        assertThat(BodyMode.ratchet(BodyMode.buffer(20), new BodyMode.StreamBuffer(null)))
                .as("None = unbounded wins").isEqualTo(new BodyMode.StreamBuffer(null));
        assertThat(BodyMode.ratchet(new BodyMode.StreamBuffer(null), BodyMode.buffer(20)))
                .isEqualTo(new BodyMode.StreamBuffer(null));
    }

    @Test
    void twoSizeLimitsMergeToTheLarger() {
        assertThat(BodyMode.ratchet(new BodyMode.SizeLimit(5), new BodyMode.SizeLimit(7)))
                .isEqualTo(new BodyMode.SizeLimit(7));
    }

    @Test
    void aChunkReadsItsBuffersInOrderWithoutMovingThem() throws IOException {
        ByteBuffer first = ByteBuffer.wrap("{\"model\":".getBytes(StandardCharsets.US_ASCII));
        ByteBuffer second = ByteBuffer.wrap("\"m1\"}".getBytes(StandardCharsets.US_ASCII));
        BodyChunk chunk = BodyChunk.of(List.of(first, ByteBuffer.allocate(0), second), true);

        assertThat(chunk.length()).isEqualTo(14);
        assertThat(new String(chunk.inputStream().readAllBytes(), StandardCharsets.US_ASCII))
                .isEqualTo("{\"model\":\"m1\"}");
        assertThat(new String(chunk.toByteArray(), StandardCharsets.US_ASCII)).isEqualTo("{\"model\":\"m1\"}");
        assertThat(first.position()).as("the edge's buffers are views, not consumed").isZero();
        assertThat(chunk.buffers()).as("empty buffers are left out").hasSize(2);
        assertThatThrownBy(() -> chunk.buffers().getFirst().put((byte) 0)).as("views are read-only")
                .isInstanceOf(java.nio.ReadOnlyBufferException.class);
    }

    @Test
    void aReplacementIsSeenOnlyOnTheViewItWasMadeOn() {
        BodyChunk chunk = BodyChunk.of("abc".getBytes(StandardCharsets.US_ASCII), false);
        BodyChunk view = chunk.view();
        view.replace(ByteBuffer.wrap("xyz!".getBytes(StandardCharsets.US_ASCII)));

        assertThat(chunk.replaced()).isNull();
        assertThat(view.replaced().length()).isEqualTo(4);
        assertThat(view.replaced().endOfStream()).isFalse();
        assertThat(chunk.view().replaced()).as("a fresh view starts without a replacement").isNull();
    }
}
