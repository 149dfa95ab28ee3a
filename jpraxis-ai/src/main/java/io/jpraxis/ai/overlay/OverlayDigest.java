package io.jpraxis.ai.overlay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jpraxis.ai.candidate.StableIds;
import java.util.HexFormat;
import java.util.List;

/**
 * The semantic digest of an overlay (see docs/behaviour/overlay.md#digest-and-revision): SHA-256
 * over the JCS form of the raw {@code overlay} object cut down to the keys that change routing, so
 * new timestamps or envelope fields keep the revision. Candidates go in verbatim, unknown fields
 * included.
 */
public final class OverlayDigest {
    private static final List<String> SEMANTIC_KEYS = List.of("candidates", "local_site", "network", "selection_policy");

    private OverlayDigest() {
    }

    /** Lower-case hex; a lone surrogate in a string is a {@link OverlayRejection#MALFORMED_JSON}. */
    static String of(JsonNode overlay) {
        try {
            return semanticDigest(overlay);
        } catch (IllegalArgumentException e) {
            throw new OverlayProblem(OverlayRejection.MALFORMED_JSON, "overlay: " + e.getMessage());
        }
    }

    /**
     * The digest a producer puts in {@code revision} and {@code content_digest} for {@code overlay}
     * (lower-case hex); tests build envelopes with it.
     *
     * @throws IllegalArgumentException when a string holds a lone surrogate (no JCS form)
     */
    public static String semanticDigest(JsonNode overlay) {
        ObjectNode semantic = JsonNodeFactory.instance.objectNode();
        for (String key : SEMANTIC_KEYS) {
            if (overlay.has(key)) {
                semantic.set(key, overlay.get(key));
            }
        }
        return HexFormat.of().formatHex(StableIds.sha256().digest(Jcs.canonicalBytes(semantic)));
    }
}
