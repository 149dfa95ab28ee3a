package io.jpraxis.bench.load;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Real tool and /proc output captured on the benchmark machine, kept as test resources. */
final class Samples {
    private Samples() {
    }

    static String text(String name) {
        try (InputStream in = Samples.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
