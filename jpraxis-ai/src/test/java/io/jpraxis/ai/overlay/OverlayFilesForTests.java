package io.jpraxis.ai.overlay;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Overlay payloads and bounded waits for the source and watcher tests. */
final class OverlayFilesForTests {
    static final Path FIXTURES = Path.of("src/test/resources/overlay-contract/v1");

    private OverlayFilesForTests() {
    }

    /** A legacy payload with one candidate for model {@code m} on {@code cluster}. */
    static String legacy(String cluster) {
        return "{\"local_site\": \"hub\", \"candidates\": [{\"kind\": \"inference_model\", \"name\": \"m\","
                + " \"site\": \"hub\", \"cluster\": \"" + cluster + "\"}]}";
    }

    static byte[] fixture(String name) throws IOException {
        return Files.readAllBytes(FIXTURES.resolve(name));
    }

    /** Writes through a temporary file and a rename, as an atomic writer (and kubelet) would. */
    static void replace(Path file, String text) throws IOException {
        replace(file, text.getBytes(StandardCharsets.UTF_8));
    }

    static void replace(Path file, byte[] bytes) throws IOException {
        Path temp = Files.createTempFile(file.getParent(), ".tmp", ".json");
        Files.write(temp, bytes);
        Files.move(temp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** Polls until {@code condition} holds, failing after a deadline; never asserts on elapsed time. */
    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    static String cluster(OverlaySource source) {
        return source.current().candidates().get(0).cluster();
    }
}
