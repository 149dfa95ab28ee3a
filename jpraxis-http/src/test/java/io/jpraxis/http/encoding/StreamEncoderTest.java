package io.jpraxis.http.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;
import com.aayushatharva.brotli4j.decoder.BrotliInputStream;
import com.github.luben.zstd.ZstdInputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Each codec round-trips byte for byte, and every piece's output decodes on its own (streaming). */
class StreamEncoderTest {

    private static InputStream decoder(Coding coding, byte[] encoded) throws IOException {
        ByteArrayInputStream in = new ByteArrayInputStream(encoded);
        return switch (coding) {
            case GZIP -> new GZIPInputStream(in);
            case ZSTD -> new ZstdInputStream(in);
            case BROTLI -> new BrotliInputStream(in);
        };
    }

    @ParameterizedTest
    @EnumSource(Coding.class)
    void roundTripsByteForByte(Coding coding) throws IOException {
        assertThat(NativeCodecs.available()).contains(coding);
        byte[] body = "{\"k\":\"value\"},".repeat(5000).getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream encoded = new ByteArrayOutputStream();
        try (StreamEncoder encoder = StreamEncoder.open(coding, 22)) {
            for (int at = 0; at < body.length; at += 4096) {
                encoded.writeBytes(encoder.encode(body, at, Math.min(4096, body.length - at)));
            }
            encoded.writeBytes(encoder.finish());
        }
        assertThat(encoded.size()).isLessThan(body.length / 4);
        try (InputStream in = decoder(coding, encoded.toByteArray())) {
            assertThat(in.readAllBytes()).isEqualTo(body);
        }
    }

    @ParameterizedTest
    @EnumSource(Coding.class)
    void eachPieceIsFlushedSoAStreamStaysIncremental(Coding coding) throws IOException {
        byte[] first = "data: one\n\n".getBytes(StandardCharsets.UTF_8);
        try (StreamEncoder encoder = StreamEncoder.open(coding, 6)) {
            byte[] out = encoder.encode(first, 0, first.length);
            assertThat(out.length).as("the piece's bytes leave the encoder at once").isGreaterThan(first.length / 2);
            if (coding != Coding.BROTLI) {
                // brotli4j's stream decoder refuses a stream cut after a flush, so only the others decode a prefix.
                try (InputStream in = decoder(coding, out)) {
                    assertThat(in.readNBytes(first.length)).isEqualTo(first);
                }
            }
            ByteArrayOutputStream whole = new ByteArrayOutputStream();
            whole.writeBytes(out);
            whole.writeBytes(encoder.finish());
            try (InputStream in = decoder(coding, whole.toByteArray())) {
                assertThat(in.readAllBytes()).isEqualTo(first);
            }
        }
    }
}
