package io.jpraxis.ai.overlay;

import static io.jpraxis.ai.candidate.HeaderText.quote;
import static io.jpraxis.ai.overlay.JsonFields.describe;
import static io.jpraxis.ai.overlay.JsonFields.object;
import static io.jpraxis.ai.overlay.JsonFields.optional;
import static io.jpraxis.ai.overlay.JsonFields.optionalString;
import static io.jpraxis.ai.overlay.JsonFields.string;
import static io.jpraxis.ai.overlay.OverlayRejection.MALFORMED_STRUCTURE;

import com.fasterxml.jackson.databind.JsonNode;
import io.jpraxis.ai.candidate.HeaderText;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Steps 3 to 13 (see docs/behaviour/overlay.md#check-order) for an envelope ({@code
 * routing-overlay.json}): typed parse, schema version, field bounds, revision and digest shapes,
 * the digest comparisons in the order (see docs/behaviour/overlay.md#check-order), and the scope
 * checks. Unknown keys are ignored at every level.
 */
final class EnvelopeReader {
    static final String SCHEMA_VERSION = "1.0.0";
    /**
     * Keys whose presence makes a file an envelope (see
     * docs/behaviour/overlay.md#format-detection).
     */
    static final List<String> ENVELOPE_KEYS = List.of("schema_version", "revision", "content_digest", "scope", "provenance");

    private static final Pattern HEX_SHA256 = Pattern.compile("[0-9a-f]{64}");
    private static final int MAX_FIELD_BYTES = 256;

    /** What the later steps need: the verified revision and the raw {@code overlay} object. */
    record Verified(String revision, JsonNode overlay) {
    }

    private record Scope(String network, String gateway, String namespace, String localSite) {
    }

    private EnvelopeReader() {
    }

    static boolean isEnvelope(JsonNode root) {
        return root.isObject() && ENVELOPE_KEYS.stream().anyMatch(root::has);
    }

    static Verified read(JsonNode root, ExpectedOverlayScope expected) {
        // 3. typed parse, schema_version first: its absence has its own reason
        if (optional(root, "schema_version") == null) {
            throw new OverlayProblem(OverlayRejection.MISSING_SCHEMA_VERSION,
                    "schema_version: missing (expected: \"" + SCHEMA_VERSION + "\"; the file has envelope keys, so it is no legacy payload)");
        }
        String schemaVersion = string(root, "schema_version", "schema_version", MALFORMED_STRUCTURE);
        JsonNode revision = object(root, "revision", "revision", MALFORMED_STRUCTURE);
        String revisionKind = string(revision, "kind", "revision.kind", MALFORMED_STRUCTURE);
        String revisionAlgorithm = string(revision, "algorithm", "revision.algorithm", MALFORMED_STRUCTURE);
        String revisionValue = string(revision, "value", "revision.value", MALFORMED_STRUCTURE);
        JsonNode digest = object(root, "content_digest", "content_digest", MALFORMED_STRUCTURE);
        String digestAlgorithm = string(digest, "algorithm", "content_digest.algorithm", MALFORMED_STRUCTURE);
        String digestValue = string(digest, "value", "content_digest.value", MALFORMED_STRUCTURE);
        Scope scope = scope(object(root, "scope", "scope", MALFORMED_STRUCTURE));
        JsonNode provenance = object(root, "provenance", "provenance", MALFORMED_STRUCTURE);
        String[] provenanceStrings = new String[4];
        String[] provenanceKeys = {"producer", "producer_version", "source_name", "source_uid"};
        for (int i = 0; i < provenanceKeys.length; i++) {
            provenanceStrings[i] = string(provenance, provenanceKeys[i], "provenance." + provenanceKeys[i], MALFORMED_STRUCTURE);
        }
        JsonNode generation = optional(provenance, "source_generation");
        if (generation == null || !generation.isIntegralNumber()) {
            throw new OverlayProblem(MALFORMED_STRUCTURE, "provenance.source_generation: "
                    + (generation == null ? "missing" : describe(generation)) + " (expected: an integer)");
        }
        String renderedAt = string(provenance, "rendered_at", "provenance.rendered_at", MALFORMED_STRUCTURE);
        JsonNode overlay = object(root, "overlay", "overlay", MALFORMED_STRUCTURE);
        OverlayParser.checkOverlayShape(overlay, "overlay.");

        // 4.
        if (!SCHEMA_VERSION.equals(schemaVersion)) {
            throw new OverlayProblem(OverlayRejection.UNSUPPORTED_SCHEMA_VERSION,
                    "schema_version: " + quote(schemaVersion) + " (expected: \"" + SCHEMA_VERSION + "\")");
        }
        // 5.
        bounded(scope.network(), "scope.network");
        bounded(scope.gateway(), "scope.gateway");
        bounded(scope.namespace(), "scope.namespace");
        bounded(scope.localSite(), "scope.local_site");
        for (int i = 0; i < provenanceKeys.length; i++) {
            bounded(provenanceStrings[i], "provenance." + provenanceKeys[i]);
        }
        if (!generation.canConvertToLong() || generation.longValue() <= 0) {
            throw new OverlayProblem(OverlayRejection.INVALID_ENVELOPE_FIELD,
                    "provenance.source_generation: " + generation + " (expected: an integer 1.." + Long.MAX_VALUE + ")");
        }
        if (!Rfc3339.isDateTime(renderedAt)) {
            throw new OverlayProblem(OverlayRejection.INVALID_ENVELOPE_FIELD, "provenance.rendered_at: " + quote(renderedAt)
                    + " (expected: an RFC 3339 date-time such as 2026-07-29T00:00:00Z)");
        }
        // 6. and 7.
        expect(revisionKind, "content_addressed", "revision.kind", OverlayRejection.INVALID_REVISION);
        expect(revisionAlgorithm, "sha256", "revision.algorithm", OverlayRejection.INVALID_REVISION);
        hex(revisionValue, "revision.value", OverlayRejection.INVALID_REVISION);
        expect(digestAlgorithm, "sha256", "content_digest.algorithm", OverlayRejection.INVALID_CONTENT_DIGEST);
        hex(digestValue, "content_digest.value", OverlayRejection.INVALID_CONTENT_DIGEST);
        // 9. before 8. (see docs/behaviour/overlay.md#check-order): a wrong digest is named as such even
        // when the revision disagrees too
        String recomputed = OverlayDigest.of(overlay);
        if (!recomputed.equals(digestValue)) {
            throw new OverlayProblem(OverlayRejection.DIGEST_MISMATCH, "content_digest.value: " + quote(digestValue)
                    + " (expected: " + recomputed + ", the SHA-256 of the overlay's canonical JSON)");
        }
        if (!revisionValue.equals(digestValue)) {
            throw new OverlayProblem(OverlayRejection.REVISION_DIGEST_MISMATCH, "revision.value: " + quote(revisionValue)
                    + " (expected: " + digestValue + ", the content_digest)");
        }
        checkScope(scope, overlay, provenanceStrings[2], expected);
        return new Verified(revisionValue, overlay);
    }

    private static Scope scope(JsonNode scope) {
        return new Scope(string(scope, "network", "scope.network", MALFORMED_STRUCTURE),
                string(scope, "gateway", "scope.gateway", MALFORMED_STRUCTURE),
                string(scope, "namespace", "scope.namespace", MALFORMED_STRUCTURE),
                string(scope, "local_site", "scope.local_site", MALFORMED_STRUCTURE));
    }

    /** Steps 10 to 13: the envelope agrees with itself, then with what the operator pinned. */
    private static void checkScope(Scope scope, JsonNode overlay, String sourceName, ExpectedOverlayScope expected) {
        String network = optionalString(overlay, "network", "overlay.network", MALFORMED_STRUCTURE);
        if (network == null) {
            throw new OverlayProblem(OverlayRejection.SCOPE_MISMATCH,
                    "overlay.network: missing (expected: " + quote(scope.network()) + ", the scope's network)");
        }
        mustEqual(network, scope.network(), "overlay.network", "the scope's network");
        mustEqual(scope.localSite(), overlay.get("local_site").textValue(), "scope.local_site", "overlay.local_site");
        mustEqual(sourceName, scope.network(), "provenance.source_name", "the scope's network");
        if (expected != null) {
            pinned(expected.network(), scope.network(), "network");
            pinned(expected.gateway(), scope.gateway(), "gateway");
            pinned(expected.namespace(), scope.namespace(), "namespace");
            pinned(expected.localSite(), scope.localSite(), "local_site");
        }
    }

    private static void pinned(String expected, String actual, String field) {
        if (expected != null && !expected.equals(actual)) {
            throw new OverlayProblem(OverlayRejection.SCOPE_MISMATCH, "scope." + field + ": " + quote(actual)
                    + " (expected: " + quote(expected) + ", as expected_overlay_scope." + field + " pins)");
        }
    }

    private static void mustEqual(String actual, String wanted, String path, String what) {
        if (!Objects.equals(actual, wanted)) {
            throw new OverlayProblem(OverlayRejection.SCOPE_MISMATCH,
                    path + ": " + quote(actual) + " (expected: " + quote(wanted) + ", " + what + ")");
        }
    }

    private static void bounded(String value, String path) {
        if (!HeaderText.isBoundedNonBlank(value, MAX_FIELD_BYTES)) {
            throw new OverlayProblem(OverlayRejection.INVALID_ENVELOPE_FIELD,
                    path + ": " + quote(value) + " (expected: 1..256 bytes, not blank)");
        }
    }

    private static void expect(String actual, String wanted, String path, OverlayRejection reason) {
        if (!wanted.equals(actual)) {
            throw new OverlayProblem(reason, path + ": " + quote(actual) + " (expected: \"" + wanted + "\")");
        }
    }

    private static void hex(String value, String path, OverlayRejection reason) {
        if (!HEX_SHA256.matcher(value).matches()) {
            throw new OverlayProblem(reason, path + ": " + quote(value) + " (expected: 64 lower-case hex digits)");
        }
    }
}
