package io.jpraxis.http.encoding;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.zip.GZIPOutputStream;
import com.aayushatharva.brotli4j.encoder.BrotliOutputStream;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.github.luben.zstd.ZstdOutputStream;

/**
 * One response's encoder. Each {@link #encode} returns what the codec produced for that piece,
 * flushed, so a streamed response stays incremental and nothing is buffered beyond the codec's
 * window; {@link #finish} returns the trailer. Not thread-safe: one per exchange, on its loop.
 */
public final class StreamEncoder implements AutoCloseable {
    private final ByteArrayOutputStream sink;
    private final OutputStream codec;

    /** An encoder for {@code coding} at {@code level} (already clamped). */
    public static StreamEncoder open(Coding coding, int level) {
        ByteArrayOutputStream sink = new ByteArrayOutputStream(8192);
        try {
            OutputStream out = switch (coding) {
                case GZIP -> new LeveledGzip(sink, coding.clamp(level));
                case ZSTD -> new ZstdOutputStream(sink, coding.clamp(level));
                case BROTLI -> new BrotliOutputStream(sink,
                        new Encoder.Parameters().setQuality(coding.clamp(level)));
            };
            return new StreamEncoder(sink, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private StreamEncoder(ByteArrayOutputStream sink, OutputStream codec) {
        this.sink = sink;
        this.codec = codec;
    }

    /** Encodes one piece and returns the bytes produced so far (possibly empty). */
    public byte[] encode(byte[] piece, int offset, int length) {
        try {
            codec.write(piece, offset, length);
            codec.flush();
            return drain();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Ends the stream and returns the remaining bytes. */
    public byte[] finish() {
        try {
            codec.close();
            return drain();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private byte[] drain() {
        byte[] bytes = sink.toByteArray();
        sink.reset();
        return bytes;
    }

    @Override
    public void close() {
        try {
            codec.close();
        } catch (IOException e) {
            // The exchange is gone; nothing to deliver.
        }
    }

    /** gzip with a level and sync flush, so {@code flush()} emits what was written. */
    private static final class LeveledGzip extends GZIPOutputStream {
        LeveledGzip(OutputStream out, int level) throws IOException {
            super(out, 8192, true);
            def.setLevel(level);
        }
    }
}
