package io.jpraxis.filters.grpc.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.Base64;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Base64StreamTest {

    @Test
    void anySplitEncodesAsTheWholeWould() {
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 200; round++) {
            byte[] whole = new byte[random.nextInt(0, 64)];
            random.nextBytes(whole);
            Base64Stream stream = new Base64Stream();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int at = 0;
            while (at < whole.length) {
                int n = random.nextInt(0, whole.length - at + 1);
                byte[] piece = java.util.Arrays.copyOfRange(whole, at, at + n);
                out.writeBytes(stream.push(piece));
                at += n;
            }
            out.writeBytes(stream.finish());
            assertThat(out.toByteArray()).as("round " + round).isEqualTo(Base64.getEncoder().encode(whole));
        }
    }

    @Test
    void decodesWhatItEncodes() {
        byte[] bytes = {1, 2, 3, 4, 5};
        assertThat(Base64Text.decode(Base64.getEncoder().encode(bytes))).hasValue(bytes);
        assertThat(Base64Text.decode(new byte[0])).hasValue(new byte[0]);
    }
}
