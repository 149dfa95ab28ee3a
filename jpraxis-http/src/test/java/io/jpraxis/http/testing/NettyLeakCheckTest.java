package io.jpraxis.http.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The leak check sees a leak: otherwise the fault-injection suites would pass whatever they leak. */
@ExtendWith(NettyLeakCheck.class)
class NettyLeakCheckTest {

    @Test
    void aBufferDroppedWithoutReleaseIsReported() throws InterruptedException {
        leakOne();
        assertThat(NettyLeakCheck.surfaceLeaks()).as("the collected, unreleased buffer is reported")
                .anySatisfy(report -> assertThat(report).contains("LEAK:"));
        assertThat(NettyLeakCheck.surfaceLeaks()).as("each report is handed out once").isEmpty();
    }

    @Test
    void releasedBuffersAreNotReported() throws InterruptedException {
        ByteBuf used = PooledByteBufAllocator.DEFAULT.directBuffer(64).writeLong(7);
        used.release();
        assertThat(NettyLeakCheck.surfaceLeaks()).isEmpty();
    }

    private static void leakOne() {
        ByteBuf leaked = PooledByteBufAllocator.DEFAULT.directBuffer(64);
        leaked.writeLong(42); // recorded access, so the report carries a trace
    }
}
