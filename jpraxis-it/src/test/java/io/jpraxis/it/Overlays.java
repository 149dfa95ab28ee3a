package io.jpraxis.it;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.jpraxis.ai.overlay.OverlayDigest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Overlay envelopes for end-to-end tests, with a correct JCS content digest (see
 * docs/behaviour/overlay.md#digest-and-revision).
 */
final class Overlays {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Overlays() {
    }

    /** The envelope around {@code overlayJson} (an {@code overlay} object with network {@code net}). */
    static String envelope(String overlayJson) {
        try {
            String digest = OverlayDigest.semanticDigest(JSON.readTree(overlayJson));
            return """
                    {"schema_version": "1.0.0",
                     "revision": {"kind": "content_addressed", "algorithm": "sha256", "value": "%1$s"},
                     "content_digest": {"algorithm": "sha256", "value": "%1$s"},
                     "scope": {"network": "net", "gateway": "edge", "namespace": "ai", "local_site": "hub"},
                     "provenance": {"producer": "it", "producer_version": "1", "source_name": "net",
                                    "source_uid": "u", "source_generation": 1, "rendered_at": "2026-01-01T00:00:00Z"},
                     "overlay": %2$s}
                    """.formatted(digest, overlayJson);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Replaces {@code file} in one rename, as a control plane (or a ConfigMap swap) does. */
    static Path write(Path file, String text) {
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(tmp, text);
            return Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A grouped candidate of model {@code m}. */
    static String candidate(String cluster, int group, String admission, Integer weight) {
        return """
                {"kind": "inference_model", "name": "m", "site": "%1$s-site", "cluster": "%1$s",
                 "selection_group": %2$d, "admission_state": "%3$s"%4$s}""".formatted(cluster, group, admission,
                weight == null ? "" : ", \"traffic_weight\": " + weight);
    }

    /** An overlay of model {@code m} over {@code candidates} picked by {@code mode}. */
    static String overlay(String mode, String... candidates) {
        return """
                {"network": "net", "local_site": "hub", "selection_policy": {"mode": "%s"},
                 "candidates": [%s]}""".formatted(mode, String.join(",\n", candidates));
    }
}
