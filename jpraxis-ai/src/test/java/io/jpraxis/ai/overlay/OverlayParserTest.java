package io.jpraxis.ai.overlay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jpraxis.ai.candidate.AdmissionState;
import io.jpraxis.ai.candidate.Candidate;
import io.jpraxis.ai.candidate.CandidateKind;
import io.jpraxis.ai.candidate.CredentialStrategy;
import io.jpraxis.ai.candidate.SelectionMode;
import io.jpraxis.ai.candidate.StableIds;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Each check (see docs/behaviour/overlay.md#check-order) on envelopes derived from the valid
 * multi-candidate fixture.
 */
class OverlayParserTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static ObjectNode valid() throws Exception {
        return (ObjectNode) JSON.readTree(OverlayFilesForTests.fixture("valid-multi-candidate.json"));
    }

    /** The envelope after {@code change}, with revision and digest recomputed so only the change matters. */
    private static ObjectNode sealed(Consumer<ObjectNode> change) throws Exception {
        ObjectNode envelope = valid();
        change.accept(envelope);
        ObjectNode semantic = JSON.createObjectNode();
        JsonNode overlay = envelope.get("overlay");
        for (String key : new String[] {"candidates", "local_site", "network", "selection_policy"}) {
            if (overlay.has(key)) {
                semantic.set(key, overlay.get(key));
            }
        }
        String digest = HexFormat.of().formatHex(StableIds.sha256().digest(Jcs.canonicalBytes(semantic)));
        ((ObjectNode) envelope.get("revision")).put("value", digest);
        ((ObjectNode) envelope.get("content_digest")).put("value", digest);
        return envelope;
    }

    private static OverlayVerdict parse(JsonNode envelope) {
        return parse(envelope, null, ClusterRule.ANY);
    }

    private static OverlayVerdict parse(JsonNode envelope, ExpectedOverlayScope scope, ClusterRule rule) {
        return OverlayParser.parse(envelope.toString().getBytes(StandardCharsets.UTF_8), scope, rule);
    }

    private static OverlayVerdict.Rejected rejected(OverlayVerdict verdict, OverlayRejection reason) {
        assertThat(verdict).isInstanceOf(OverlayVerdict.Rejected.class);
        OverlayVerdict.Rejected r = (OverlayVerdict.Rejected) verdict;
        assertThat(r.reason()).as(r.message()).isEqualTo(reason);
        return r;
    }

    private static OverlayVerdict.Accepted accepted(OverlayVerdict verdict) {
        assertThat(verdict).as(verdict.toString()).isInstanceOf(OverlayVerdict.Accepted.class);
        return (OverlayVerdict.Accepted) verdict;
    }

    private static ObjectNode candidate(ObjectNode envelope, int index) {
        return (ObjectNode) envelope.get("overlay").get("candidates").get(index);
    }

    @Test
    void convertsCandidatesFaithfully() throws Exception {
        OverlayVerdict.Accepted accepted = accepted(parse(valid()));
        Candidate east = accepted.snapshot().candidates().get(0);
        assertThat(east.kind()).isEqualTo(CandidateKind.INFERENCE_MODEL);
        assertThat(east.name()).isEqualTo("model-east");
        assertThat(east.cluster()).isEqualTo("sim-east-provider");
        assertThat(east.stableId()).isEqualTo("east1234");
        assertThat(east.rank()).isZero();
        assertThat(east.admission()).isEqualTo(AdmissionState.NEW_AND_EXISTING);
        assertThat(east.credential().strategy()).isEqualTo(CredentialStrategy.BEARER_TOKEN);
        assertThat(east.credential().secretRef().name()).isEqualTo("east-cred");
        assertThat(accepted.snapshot().candidates().get(1).credential()).isNull();
        assertThat(accepted.snapshot().mode()).isEqualTo(SelectionMode.DETERMINISTIC);
    }

    @Test
    void readsOptionalCandidateFieldsAndIgnoresUnknownOnes() throws Exception {
        OverlayVerdict.Accepted accepted = accepted(parse(sealed(e -> {
            ObjectNode c = candidate(e, 1);
            c.remove("stable_id");
            c.put("admission_state", "existing_only");
            c.put("selection_tier", "same_site");
            c.put("future", "ignored");
            c.putNull("rank");
        })));
        Candidate west = accepted.snapshot().candidates().get(1);
        assertThat(west.stableId()).isEqualTo("inference_model/model-west/west-provider/sim-west-provider");
        assertThat(west.admission()).isEqualTo(AdmissionState.EXISTING_ONLY);
        assertThat(west.selectionTier()).isEqualTo("same_site");
        assertThat(west.rank()).isNull();
    }

    @Test
    void unknownCandidateFieldsStillCountInTheDigest() throws Exception {
        ObjectNode tampered = valid();
        candidate(tampered, 0).put("future", "x");
        rejected(parse(tampered), OverlayRejection.DIGEST_MISMATCH);
    }

    @Test
    void typedParseFailuresAreMalformedStructure() throws Exception {
        ObjectNode noSchema = valid();
        noSchema.remove("schema_version");
        rejected(parse(noSchema), OverlayRejection.MISSING_SCHEMA_VERSION);
        for (Consumer<ObjectNode> breakIt : java.util.List.<Consumer<ObjectNode>>of(
                e -> e.put("schema_version", 1),
                e -> e.remove("scope"),
                e -> ((ObjectNode) e.get("scope")).remove("gateway"),
                e -> ((ObjectNode) e.get("provenance")).put("source_generation", "1"),
                e -> ((ObjectNode) e.get("provenance")).put("source_generation", 1.5),
                e -> ((ObjectNode) e.get("content_digest")).remove("value"),
                e -> ((ObjectNode) e.get("overlay")).put("candidates", "none"),
                e -> ((ObjectNode) e.get("overlay")).put("selection_policy", "roundRobin"),
                e -> e.remove("overlay"))) {
            ObjectNode envelope = valid();
            breakIt.accept(envelope);
            rejected(parse(envelope), OverlayRejection.MALFORMED_STRUCTURE);
        }
    }

    @Test
    void anyEnvelopeKeyMakesItAnEnvelope() throws Exception {
        ObjectNode legacy = (ObjectNode) JSON.readTree(OverlayFilesForTests.fixture("legacy-payload.json"));
        legacy.put("scope", "x");
        rejected(parse(legacy), OverlayRejection.MISSING_SCHEMA_VERSION);
    }

    @Test
    void checksTheSchemaVersionBeforeTheFields() throws Exception {
        ObjectNode envelope = valid();
        envelope.put("schema_version", "1.0.1");
        ((ObjectNode) envelope.get("scope")).put("network", "");
        rejected(parse(envelope), OverlayRejection.UNSUPPORTED_SCHEMA_VERSION);
    }

    @Test
    void checksEnvelopeFieldBounds() throws Exception {
        for (Consumer<ObjectNode> breakIt : java.util.List.<Consumer<ObjectNode>>of(
                e -> ((ObjectNode) e.get("scope")).put("gateway", " "),
                e -> ((ObjectNode) e.get("scope")).put("namespace", "n".repeat(257)),
                e -> ((ObjectNode) e.get("provenance")).put("producer", ""),
                e -> ((ObjectNode) e.get("provenance")).put("source_generation", 0),
                e -> ((ObjectNode) e.get("provenance")).put("source_generation", -3),
                e -> ((ObjectNode) e.get("provenance")).put("rendered_at", "2026-07-29 00:00:00Z"),
                e -> ((ObjectNode) e.get("provenance")).put("rendered_at", "2026-07-29T00:00Z"),
                e -> ((ObjectNode) e.get("provenance")).put("rendered_at", "2026-07-29T00:00:00"),
                e -> ((ObjectNode) e.get("provenance")).put("rendered_at", "2026-02-30T00:00:00Z"))) {
            ObjectNode envelope = valid();
            breakIt.accept(envelope);
            rejected(parse(envelope), OverlayRejection.INVALID_ENVELOPE_FIELD);
        }
    }

    @Test
    void acceptsRfc3339OffsetsAndFractions() throws Exception {
        for (String at : new String[] {"2026-07-29T00:00:00.123456789+05:30", "2026-07-29t00:00:00z", "2026-07-29T23:59:59-08:00"}) {
            ObjectNode envelope = valid();
            ((ObjectNode) envelope.get("provenance")).put("rendered_at", at);
            accepted(parse(envelope));
        }
    }

    @Test
    void checksRevisionAndDigestShapes() throws Exception {
        ObjectNode kind = valid();
        ((ObjectNode) kind.get("revision")).put("kind", "sequence");
        rejected(parse(kind), OverlayRejection.INVALID_REVISION);
        ObjectNode upper = valid();
        ((ObjectNode) upper.get("revision")).put("value", upper.get("revision").get("value").asText().toUpperCase());
        rejected(parse(upper), OverlayRejection.INVALID_REVISION);
        ObjectNode algorithm = valid();
        ((ObjectNode) algorithm.get("content_digest")).put("algorithm", "sha512");
        rejected(parse(algorithm), OverlayRejection.INVALID_CONTENT_DIGEST);
        ObjectNode shortDigest = valid();
        ((ObjectNode) shortDigest.get("content_digest")).put("value", "abc");
        rejected(parse(shortDigest), OverlayRejection.INVALID_CONTENT_DIGEST);
    }

    @Test
    void comparesTheRecomputedDigestBeforeTheRevision() throws Exception {
        ObjectNode both = valid();
        ((ObjectNode) both.get("revision")).put("value", "2".repeat(64));
        ((ObjectNode) both.get("content_digest")).put("value", "3".repeat(64));
        rejected(parse(both), OverlayRejection.DIGEST_MISMATCH);
        ObjectNode revisionOnly = valid();
        ((ObjectNode) revisionOnly.get("revision")).put("value", "2".repeat(64));
        rejected(parse(revisionOnly), OverlayRejection.REVISION_DIGEST_MISMATCH);
    }

    @Test
    void theEnvelopeMustAgreeWithItself() throws Exception {
        rejected(parse(sealed(e -> ((ObjectNode) e.get("overlay")).remove("network"))), OverlayRejection.SCOPE_MISMATCH);
        ObjectNode source = valid();
        ((ObjectNode) source.get("provenance")).put("source_name", "elsewhere");
        rejected(parse(source), OverlayRejection.SCOPE_MISMATCH);
    }

    @Test
    void checksEachExpectedScopeField() throws Exception {
        accepted(parse(valid(), new ExpectedOverlayScope("glb-demo", "glb-demo-edge-gateway", "grid-system", "east-edge"),
                ClusterRule.ANY));
        for (ExpectedOverlayScope wrong : new ExpectedOverlayScope[] {
                new ExpectedOverlayScope("other", null, null, null), new ExpectedOverlayScope(null, "other", null, null),
                new ExpectedOverlayScope(null, null, "other", null), new ExpectedOverlayScope(null, null, null, "other")}) {
            OverlayVerdict.Rejected r = rejected(parse(valid(), wrong, ClusterRule.ANY), OverlayRejection.SCOPE_MISMATCH);
            assertThat(r.message()).contains("expected_overlay_scope");
        }
    }

    @Test
    void checksTheLocalSite() throws Exception {
        rejected(parse(sealed(e -> {
            ((ObjectNode) e.get("overlay")).put("local_site", " ");
            ((ObjectNode) e.get("scope")).put("local_site", " ");
        })), OverlayRejection.INVALID_ENVELOPE_FIELD);
        String legacy = "{\"local_site\": \"\", \"candidates\": []}";
        rejected(OverlayParser.parse(legacy.getBytes(StandardCharsets.UTF_8), null, ClusterRule.ANY),
                OverlayRejection.INVALID_LOCAL_SITE);
    }

    @Test
    void readsTheSelectionPolicy() throws Exception {
        OverlayVerdict.Accepted accepted = accepted(parse(sealed(e -> {
            ((ObjectNode) e.get("overlay")).putObject("selection_policy").put("mode", "weightedRandom").put("extra", 1);
            for (int i = 0; i < 2; i++) {
                candidate(e, i).put("selection_group", 0).put("traffic_weight", 10 * (i + 1));
            }
        })));
        assertThat(accepted.snapshot().mode()).isEqualTo(SelectionMode.WEIGHTED_RANDOM);
        assertThat(accepted.snapshot().candidates()).extracting(Candidate::trafficWeight).containsExactly(10L, 20L);
        rejected(parse(sealed(e -> ((ObjectNode) e.get("overlay")).putObject("selection_policy").put("mode", "fastest"))),
                OverlayRejection.INVALID_SELECTION_POLICY);
        rejected(parse(sealed(e -> ((ObjectNode) e.get("overlay")).putObject("selection_policy").put("mode", "weightedRandom"))),
                OverlayRejection.INVALID_CANDIDATES);
        assertThat(accepted(parse(sealed(e -> ((ObjectNode) e.get("overlay")).putObject("selection_policy")
                .put("mode", "roundRobin")))).warnings()).hasSize(1);
    }

    @Test
    void refusesBadCandidates() throws Exception {
        for (Consumer<ObjectNode> breakIt : java.util.List.<Consumer<ObjectNode>>of(
                e -> candidate(e, 0).put("kind", "llm"),
                e -> candidate(e, 0).remove("cluster"),
                e -> candidate(e, 0).put("admission_state", "draining"),
                e -> candidate(e, 0).put("rank", -1),
                e -> candidate(e, 0).put("fresh", "yes"),
                e -> candidate(e, 1).put("stable_id", "east1234"),
                e -> candidate(e, 1).put("name", "model-east").put("site", "east-provider").put("cluster", "sim-east-provider"),
                e -> ((ArrayNode) e.get("overlay").get("candidates")).add(7),
                e -> ((ArrayNode) e.get("overlay").get("candidates")).removeAll())) {
            rejected(parse(sealed(breakIt)), OverlayRejection.INVALID_CANDIDATES);
        }
    }

    @Test
    void credentialObjectsRejectUnknownKeys() throws Exception {
        rejected(parse(sealed(e -> ((ObjectNode) candidate(e, 0).get("credential")).put("token", "s3cr3t"))),
                OverlayRejection.INVALID_CREDENTIAL);
        rejected(parse(sealed(e -> ((ObjectNode) candidate(e, 0).get("credential").get("secretRef")).put("value", "s3cr3t"))),
                OverlayRejection.INVALID_CREDENTIAL);
        rejected(parse(sealed(e -> ((ObjectNode) candidate(e, 0).get("credential")).putObject("secret_ref"))),
                OverlayRejection.INVALID_CREDENTIAL);
    }

    @Test
    void acceptsSnakeCaseSecretRef() throws Exception {
        OverlayVerdict.Accepted accepted = accepted(parse(sealed(e -> {
            ObjectNode credential = (ObjectNode) candidate(e, 0).get("credential");
            credential.set("secret_ref", credential.remove("secretRef"));
        })));
        assertThat(accepted.snapshot().candidates().get(0).credential().secretRef().key()).isEqualTo("token");
    }

    @Test
    void checksCredentialCombinations() throws Exception {
        OverlayVerdict.Accepted apikey = accepted(parse(sealed(e -> ((ObjectNode) candidate(e, 0).get("credential"))
                .put("strategy", "apikey").put("header", "X-Api-Key"))));
        assertThat(apikey.snapshot().candidates().get(0).credential().header()).isEqualTo("x-api-key");
        rejected(parse(sealed(e -> ((ObjectNode) candidate(e, 0).get("credential")).put("strategy", "apikey"))),
                OverlayRejection.INVALID_CREDENTIAL_COMBINATION);
        rejected(parse(sealed(e -> ((ObjectNode) candidate(e, 0).get("credential")).put("strategy", "apikey")
                .put("header", "x api"))), OverlayRejection.INVALID_CREDENTIAL);
        rejected(parse(sealed(e -> ((ObjectNode) candidate(e, 0).get("credential").get("secretRef")).put("name", " "))),
                OverlayRejection.INVALID_CANDIDATES);
    }

    @Test
    void appliesTheClusterRule() throws Exception {
        ObjectNode padded = sealed(e -> candidate(e, 1).put("cluster", "sim-west "));
        accepted(parse(padded));
        OverlayVerdict.Rejected r = rejected(parse(padded, null, ClusterRule.ROUTE_HEADER_VALUE), OverlayRejection.CLUSTER_RULE);
        assertThat(r.message()).startsWith("overlay.candidates[1].cluster: \"sim-west \" (expected: a header value");
    }

    @Test
    void refusesWhatIsNotJson() {
        for (String text : new String[] {"", "{", "{\"a\": 1} {}", "{\"local_site\": \"a\", \"local_site\": \"b\", \"candidates\": []}"}) {
            rejected(OverlayParser.parse(text.getBytes(StandardCharsets.UTF_8), null, ClusterRule.ANY), OverlayRejection.MALFORMED_JSON);
        }
        rejected(OverlayParser.parse("[]".getBytes(StandardCharsets.UTF_8), null, ClusterRule.ANY), OverlayRejection.MALFORMED_STRUCTURE);
    }

    @Test
    void refusesMoreThanTwoMebibytes() {
        rejected(OverlayParser.parse(new byte[OverlayParser.MAX_BYTES + 1], null, ClusterRule.ANY), OverlayRejection.TOO_LARGE);
    }

    @Test
    void aLoneSurrogateInTheOverlayIsMalformed() throws Exception {
        String text = new String(OverlayFilesForTests.fixture("valid-multi-candidate.json"), StandardCharsets.UTF_8)
                .replace("\"east1234\",", "\"east1234\", \"note\": \"\\ud800\",");
        assertThat(text).contains("\\ud800");
        rejected(OverlayParser.parse(text.getBytes(StandardCharsets.UTF_8), null, ClusterRule.ANY), OverlayRejection.MALFORMED_JSON);
    }
}
