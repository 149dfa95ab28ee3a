package io.jpraxis.testkit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.stream.ChunkedInput;

/** {@link TestData} pattern bytes produced on demand, 64 KiB at a time. */
final class PatternChunkedInput implements ChunkedInput<ByteBuf> {
    private static final int CHUNK = 64 * 1024;
    private final long length;
    private final java.util.function.LongConsumer progress;
    private long offset;

    PatternChunkedInput(long length, java.util.function.LongConsumer progress) {
        this.length = length;
        this.progress = progress;
    }

    @Override
    public boolean isEndOfInput() {
        return offset >= length;
    }

    @Override
    public void close() {
    }

    @Override
    @Deprecated
    public ByteBuf readChunk(ChannelHandlerContext ctx) {
        return readChunk(ctx.alloc());
    }

    @Override
    public ByteBuf readChunk(ByteBufAllocator allocator) {
        if (isEndOfInput()) {
            return null;
        }
        int n = (int) Math.min(CHUNK, length - offset);
        ByteBuf buf = allocator.buffer(n);
        TestData.write(buf, offset, n);
        offset += n;
        progress.accept(n);
        return buf;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public long progress() {
        return offset;
    }
}
