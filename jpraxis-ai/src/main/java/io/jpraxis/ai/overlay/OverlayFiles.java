package io.jpraxis.ai.overlay;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads an overlay file without ever holding more than the cap plus one byte. */
final class OverlayFiles {
    private OverlayFiles() {
    }

    /** At most {@link OverlayParser#MAX_BYTES} + 1 bytes: one more than allowed shows the file is too large. */
    static byte[] readBounded(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(OverlayParser.MAX_BYTES + 1);
        }
    }
}
