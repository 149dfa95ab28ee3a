package io.jpraxis.ai.intelligentroute;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.jpraxis.ai.overlay.OverlayDigest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes overlay envelopes with a correct content digest (see
 * docs/behaviour/overlay.md#digest-and-revision).
 */
final class EnvelopeWriter {
    private static final ObjectMapper JSON = new ObjectMapper();

    private EnvelopeWriter() {
    }

    /** The envelope of {@code overlayJson} (the {@code overlay} object) for scope hub. */
    static String envelope(String overlayJson) {
        try {
            String digest = OverlayDigest.semanticDigest(JSON.readTree(overlayJson));
            return """
                    {"schema_version": "1.0.0",
                     "revision": {"kind": "content_addressed", "algorithm": "sha256", "value": "%s"},
                     "content_digest": {"algorithm": "sha256", "value": "%s"},
                     "scope": {"network": "net", "gateway": "edge", "namespace": "ai", "local_site": "hub"},
                     "provenance": {"producer": "test", "producer_version": "1", "source_name": "net",
                                    "source_uid": "u", "source_generation": 1, "rendered_at": "2026-01-01T00:00:00Z"},
                     "overlay": %s}
                    """.formatted(digest, digest, overlayJson);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The 64-hex revision of an envelope this class wrote. */
    static String revisionOf(String envelope) {
        int at = envelope.indexOf("\"value\": \"") + 10;
        return envelope.substring(at, at + 64);
    }

    static Path write(Path file, String text) {
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(tmp, text);
            return Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
