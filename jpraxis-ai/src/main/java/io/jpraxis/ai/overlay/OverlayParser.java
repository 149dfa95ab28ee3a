package io.jpraxis.ai.overlay;

import static io.jpraxis.ai.candidate.HeaderText.quote;
import static io.jpraxis.ai.overlay.JsonFields.describe;
import static io.jpraxis.ai.overlay.JsonFields.optional;
import static io.jpraxis.ai.overlay.JsonFields.optionalString;
import static io.jpraxis.ai.overlay.JsonFields.string;
import static io.jpraxis.ai.overlay.OverlayRejection.MALFORMED_STRUCTURE;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.jpraxis.ai.candidate.Candidate;
import io.jpraxis.ai.candidate.HeaderText;
import io.jpraxis.ai.candidate.RandomSource;
import io.jpraxis.ai.candidate.RoutingSnapshot;
import io.jpraxis.ai.candidate.SelectionMode;
import io.jpraxis.ai.candidate.SnapshotBuild;
import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * Reads an overlay file's bytes into a verdict (see
 * docs/behaviour/overlay.md#the-overlay-contract): envelope or legacy detection, then the checks of
 * 3.4 in their order, the first failure deciding the reason. The same code serves the cold start
 * and every reload.
 */
public final class OverlayParser {
    /** The overlay file cap: 2 MiB. */
    public static final int MAX_BYTES = 2 * 1024 * 1024;

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION) // I-JSON, which RFC 8785 digests assume
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private OverlayParser() {
    }

    /**
     * @param expected the configured {@code expected_overlay_scope}, or null
     * @param clusterRule what every cluster must also meet ({@link ClusterRule#ANY} for nothing)
     */
    public static OverlayVerdict parse(byte[] raw, ExpectedOverlayScope expected, ClusterRule clusterRule) {
        return parse(raw, expected, clusterRule, RandomSource.threadLocal());
    }

    /** As {@link #parse(byte[], ExpectedOverlayScope, ClusterRule)}, the snapshot drawing from {@code random}. */
    public static OverlayVerdict parse(byte[] raw, ExpectedOverlayScope expected, ClusterRule clusterRule,
            RandomSource random) {
        Objects.requireNonNull(clusterRule, "clusterRule");
        try {
            if (raw.length > MAX_BYTES) {
                throw new OverlayProblem(OverlayRejection.TOO_LARGE,
                        "overlay: more than " + MAX_BYTES + " bytes (expected: at most 2 MiB)");
            }
            JsonNode root = readJson(raw);
            if (EnvelopeReader.isEnvelope(root)) {
                EnvelopeReader.Verified verified = EnvelopeReader.read(root, expected);
                SnapshotBuild.Built built = snapshot(verified.overlay(), "overlay.", verified.revision(), clusterRule, random);
                return new OverlayVerdict.Accepted(built.snapshot(), verified.revision(), built.warnings());
            }
            if (expected != null) {
                throw new OverlayProblem(OverlayRejection.LEGACY_NOT_ALLOWED, "overlay: a legacy payload without"
                        + " envelope (expected: an envelope with schema_version, revision, content_digest, scope and"
                        + " provenance, since expected_overlay_scope is configured)");
            }
            if (!root.isObject()) {
                throw new OverlayProblem(MALFORMED_STRUCTURE, "overlay: " + describe(root) + " (expected: an object)");
            }
            checkOverlayShape(root, "");
            SnapshotBuild.Built built = snapshot(root, "", null, clusterRule, random);
            return new OverlayVerdict.AcceptedLegacy(built.snapshot(), built.warnings());
        } catch (OverlayProblem problem) {
            return new OverlayVerdict.Rejected(problem.reason(), problem.getMessage());
        }
    }

    private static JsonNode readJson(byte[] raw) {
        try {
            JsonNode root = JSON.readTree(raw);
            if (root == null || root.isMissingNode()) {
                throw new OverlayProblem(OverlayRejection.MALFORMED_JSON, "overlay: empty (expected: a JSON object)");
            }
            return root;
        } catch (JsonProcessingException e) {
            throw new OverlayProblem(OverlayRejection.MALFORMED_JSON, "overlay: not valid JSON (" + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new OverlayProblem(OverlayRejection.MALFORMED_JSON, "overlay: unreadable JSON (" + e.getMessage() + ")");
        }
    }

    /** The typed shape of the {@code overlay} object (envelope) or of the whole legacy payload. */
    static void checkOverlayShape(JsonNode overlay, String prefix) {
        string(overlay, "local_site", prefix + "local_site", MALFORMED_STRUCTURE);
        JsonNode candidates = optional(overlay, "candidates");
        if (candidates == null || !candidates.isArray()) {
            throw new OverlayProblem(MALFORMED_STRUCTURE, prefix + "candidates: "
                    + (candidates == null ? "missing" : describe(candidates)) + " (expected: an array)");
        }
        optionalString(overlay, "network", prefix + "network", MALFORMED_STRUCTURE);
        optionalString(overlay, "generated_at", prefix + "generated_at", MALFORMED_STRUCTURE);
        JsonNode policy = optional(overlay, "selection_policy");
        if (policy != null && !policy.isObject()) {
            throw new OverlayProblem(MALFORMED_STRUCTURE,
                    prefix + "selection_policy: " + describe(policy) + " (expected: an object)");
        }
    }

    /** Steps 14 and 15: local site, selection policy, candidates, the cluster rule, then the snapshot rules. */
    private static SnapshotBuild.Built snapshot(JsonNode overlay, String prefix, String revision, ClusterRule clusterRule,
            RandomSource random) {
        String localSite = overlay.get("local_site").textValue();
        if (!HeaderText.isBoundedNonBlank(localSite, 256)) {
            throw new OverlayProblem(OverlayRejection.INVALID_LOCAL_SITE,
                    prefix + "local_site: " + quote(localSite) + " (expected: 1..256 bytes, not blank)");
        }
        SelectionMode mode = selectionMode(overlay, prefix);
        List<Candidate> candidates = OverlayCandidates.convert(overlay.get("candidates"), prefix);
        for (int i = 0; i < candidates.size(); i++) {
            String cluster = candidates.get(i).cluster();
            if (!clusterRule.accepts().test(cluster)) {
                throw new OverlayProblem(OverlayRejection.CLUSTER_RULE, prefix + "candidates[" + i + "].cluster: "
                        + quote(cluster) + " (expected: " + clusterRule.expectation() + ")");
            }
        }
        return switch (RoutingSnapshot.build(localSite, candidates, mode, revision, random)) {
            case SnapshotBuild.Built built -> built;
            case SnapshotBuild.Refused refused -> throw new OverlayProblem(OverlayRejection.INVALID_CANDIDATES,
                    String.join("; ", refused.problems().stream().map(p -> prefix + p).toList()));
        };
    }

    /** {@code selection_policy.mode}; absent means deterministic, unknown keys beside it are ignored. */
    private static SelectionMode selectionMode(JsonNode overlay, String prefix) {
        JsonNode policy = optional(overlay, "selection_policy");
        if (policy == null) {
            return SelectionMode.DETERMINISTIC;
        }
        String mode = optionalString(policy, "mode", prefix + "selection_policy.mode", OverlayRejection.INVALID_SELECTION_POLICY);
        if (mode == null) {
            return SelectionMode.DETERMINISTIC;
        }
        return SelectionMode.fromWire(mode).orElseThrow(() -> new OverlayProblem(OverlayRejection.INVALID_SELECTION_POLICY,
                prefix + "selection_policy.mode: " + quote(mode) + " (expected: deterministic | roundRobin | random | weightedRandom)"));
    }
}
