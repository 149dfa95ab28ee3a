package io.jpraxis.ai.candidate;

import static io.jpraxis.ai.candidate.Candidates.grouped;
import static io.jpraxis.ai.candidate.Candidates.model;
import static io.jpraxis.ai.candidate.Candidates.withAdmission;
import static io.jpraxis.ai.candidate.Candidates.withCredential;
import static io.jpraxis.ai.candidate.Candidates.withStableId;
import static io.jpraxis.ai.candidate.Candidates.withTier;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RoutingSnapshotValidationTest {
    private static final AdmissionState NEW = AdmissionState.NEW_AND_EXISTING;

    private static List<String> problems(List<Candidate> candidates) {
        return problems("hub", candidates, SelectionMode.DETERMINISTIC);
    }

    private static List<String> problems(String site, List<Candidate> candidates, SelectionMode mode) {
        SnapshotBuild build = RoutingSnapshot.build(site, candidates, mode, null);
        return switch (build) {
            case SnapshotBuild.Built built -> List.of();
            case SnapshotBuild.Refused refused -> refused.problems();
        };
    }

    private static SnapshotBuild.Built built(List<Candidate> candidates, SelectionMode mode) {
        SnapshotBuild build = RoutingSnapshot.build("hub", candidates, mode, "rev");
        assertThat(build).isInstanceOf(SnapshotBuild.Built.class);
        return (SnapshotBuild.Built) build;
    }

    @Test
    void acceptsAValidListAndFillsDefaults() {
        Candidate bare = new Candidate(CandidateKind.INFERENCE_MODEL, "m", "s", "c", true, null, null, null, null, null,
                null, null);
        SnapshotBuild.Built built = built(List.of(bare, withStableId(model("m", "s", "c2"), "given")),
                SelectionMode.DETERMINISTIC);
        RoutingSnapshot snapshot = built.snapshot();
        assertThat(snapshot.candidates()).extracting(Candidate::stableId).containsExactly("inference_model/m/s/c", "given");
        assertThat(snapshot.candidates().get(0).admission()).as("absent admission means the default").isEqualTo(NEW);
        assertThat(snapshot.localSite()).isEqualTo("hub");
        assertThat(snapshot.revision()).contains("rev");
        assertThat(built.warnings()).isEmpty();
    }

    @Test
    void nullModeMeansDeterministic() {
        SnapshotBuild build = RoutingSnapshot.build("hub", List.of(model("m", "s", "c")), null, null);
        assertThat(((SnapshotBuild.Built) build).snapshot().mode()).isEqualTo(SelectionMode.DETERMINISTIC);
        assertThat(((SnapshotBuild.Built) build).snapshot().revision()).isEmpty();
    }

    @Test
    void refusesAnEmptyOrOversizedList() {
        assertThat(problems(List.of())).containsExactly("candidates: [] (expected: 1..1024 candidates)");
        List<Candidate> many = new ArrayList<>();
        for (int i = 0; i < 1025; i++) {
            many.add(model("m", "s", "c" + i));
        }
        assertThat(problems(many)).containsExactly("candidates: 1025 entries (expected: at most 1024)");
        assertThat(problems(many.subList(0, 1024))).isEmpty();
    }

    @Test
    void refusesABadLocalSite() {
        assertThat(problems(" ", List.of(model("m", "s", "c")), SelectionMode.DETERMINISTIC))
                .containsExactly("local_site: \" \" (expected: 1..256 bytes, not blank)");
        assertThat(problems(null, List.of(model("m", "s", "c")), SelectionMode.DETERMINISTIC)).hasSize(1);
    }

    @Test
    void refusesBlankOrOversizedIdentifiersCountingBytes() {
        String long256Bytes = "é".repeat(128);
        assertThat(problems(List.of(model(long256Bytes, "s", "c")))).isEmpty();
        assertThat(problems(List.of(model(long256Bytes + "x", "s", "c"), model("m", "", "c"), model("m", "s", "\t"))))
                .containsExactly(
                        "candidates[0].name: \"" + "\\u00e9".repeat(128) + "x\" (expected: 1..256 bytes, not blank)",
                        "candidates[1].site: \"\" (expected: 1..256 bytes, not blank)",
                        "candidates[2].cluster: \"\\u0009\" (expected: 1..256 bytes, not blank)");
    }

    @Test
    void refusesAMissingKind() {
        Candidate c = new Candidate(null, "m", "s", "c", true, null, NEW, null, null, null, null, null);
        assertThat(problems(List.of(c))).containsExactly("candidates[0].kind: missing (expected: inference_model | mcp_tool)");
    }

    @Test
    void checksSelectionTierBounds() {
        assertThat(problems(List.of(withTier(model("m", "s", "c"), "t".repeat(128))))).isEmpty();
        assertThat(problems(List.of(withTier(model("m", "s", "c"), "t".repeat(129)))))
                .singleElement().asString().startsWith("candidates[0].selection_tier:");
        assertThat(problems(List.of(withTier(model("m", "s", "c"), " ")))).hasSize(1);
    }

    @Test
    void checksStableIdBoundsAndHeaderLegality() {
        assertThat(problems(List.of(withStableId(model("m", "s", "c"), "x".repeat(256))))).isEmpty();
        assertThat(problems(List.of(withStableId(model("m", "s", "c"), "x".repeat(257))))).hasSize(1);
        assertThat(problems(List.of(withStableId(model("m", "s", "c"), ""))))
                .containsExactly("candidates[0].stable_id: \"\" (expected: 1..256 bytes of visible ASCII, space or tab)");
        assertThat(problems(List.of(withStableId(model("m", "s", "c"), "a\r\nb")))).hasSize(1);
    }

    @Test
    void refusesADuplicateTuple() {
        assertThat(problems(List.of(model("m", "s", "c"), model("m", "s", "c2"), model("m", "s", "c"))))
                .containsExactly("candidates[2]: \"inference_model/m/s/c\" (expected: a unique (kind, name, site, cluster);"
                        + " also candidates[0])");
        Candidate tool = new Candidate(CandidateKind.MCP_TOOL, "m", "s", "c", true, null, NEW, null, null, null, null, null);
        assertThat(problems(List.of(model("m", "s", "c"), tool))).as("another kind is another tuple").isEmpty();
    }

    @Test
    void refusesADuplicateEffectiveStableId() {
        assertThat(problems(List.of(withStableId(model("a", "s", "c"), "same"), withStableId(model("b", "s", "c"), "same"))))
                .containsExactly("candidates[1].stable_id: \"same\" (expected: a unique effective stable id; also candidates[0])");
        assertThat(problems(List.of(model("m", "s", "c"), withStableId(model("x", "s", "c"), "inference_model/m/s/c"))))
                .as("a given id may collide with a default one").hasSize(1);
    }

    @Test
    void checksCredentialCombinations() {
        SecretRef secret = new SecretRef("n", "ns", "k");
        assertThat(problems(List.of(withCredential(model("m", "s", "c"),
                new CredentialRef(CredentialStrategy.BEARER_TOKEN, null, secret))))).isEmpty();
        assertThat(problems(List.of(withCredential(model("m", "s", "c"),
                new CredentialRef(CredentialStrategy.APIKEY, "x-api-key", secret))))).isEmpty();
        assertThat(problems(List.of(withCredential(model("m", "s", "c"),
                new CredentialRef(CredentialStrategy.BEARER_TOKEN, "x-api-key", secret)))))
                .singleElement().asString().startsWith("candidates[0].credential.header: \"x-api-key\" (expected: no header");
        assertThat(problems(List.of(withCredential(model("m", "s", "c"),
                new CredentialRef(CredentialStrategy.APIKEY, null, secret)))))
                .singleElement().asString().startsWith("candidates[0].credential.header: missing");
        assertThat(problems(List.of(withCredential(model("m", "s", "c"),
                new CredentialRef(CredentialStrategy.APIKEY, "bad header", secret))))).hasSize(1);
        assertThat(problems(List.of(withCredential(model("m", "s", "c"),
                new CredentialRef(null, null, secret))))).hasSize(1);
    }

    @Test
    void checksSecretRefFields() {
        assertThat(problems(List.of(withCredential(model("m", "s", "c"),
                new CredentialRef(CredentialStrategy.BEARER_TOKEN, null, new SecretRef("", " ", "k".repeat(257)))))))
                .containsExactly(
                        "candidates[0].credential.secretRef.name: \"\" (expected: 1..256 bytes, not blank)",
                        "candidates[0].credential.secretRef.namespace: \" \" (expected: 1..256 bytes, not blank)",
                        "candidates[0].credential.secretRef.key: \"" + "k".repeat(257) + "\" (expected: 1..256 bytes, not blank)");
        assertThat(problems(List.of(withCredential(model("m", "s", "c"),
                new CredentialRef(CredentialStrategy.BEARER_TOKEN, null, null))))).hasSize(1);
    }

    @Test
    void collectsEveryProblemAtOnce() {
        assertThat(problems(" ", List.of(model("", "s", "c"), withTier(model("m", "s", "c"), "")),
                SelectionMode.DETERMINISTIC)).hasSize(3);
    }

    @Test
    void groupsMustBeAllOrNonePerCapability() {
        List<Candidate> mixed = List.of(grouped("m", "a", 0, NEW, null), model("m", "s", "b"));
        assertThat(problems(mixed)).singleElement().asString()
                .startsWith("candidates[1].selection_group: missing (expected: every candidate of inference_model \"m\" grouped, or none");
        List<Candidate> otherCapability = List.of(grouped("m", "a", 0, NEW, null), model("other", "s", "b"));
        assertThat(problems(otherCapability)).as("grouping is per capability").isEmpty();
    }

    @Test
    void groupsStartAtZeroAndRunContiguously() {
        assertThat(problems(List.of(grouped("m", "a", 1, NEW, null)))).singleElement().asString()
                .startsWith("candidates[0].selection_group: 1 (expected: 0, the first group");
        assertThat(problems(List.of(grouped("m", "a", 0, NEW, null), grouped("m", "b", 2, NEW, null))))
                .singleElement().asString().startsWith("candidates[1].selection_group: 2 (expected: 0 or 1;");
        assertThat(problems(List.of(grouped("m", "a", 0, NEW, null), grouped("m", "b", 1, NEW, null),
                grouped("m", "c", 0, NEW, null)))).as("a revisit").hasSize(1);
        assertThat(problems(List.of(grouped("m", "a", 0, NEW, null), grouped("x", "b", 0, NEW, null),
                grouped("m", "c", 0, NEW, null), grouped("m", "d", 1, NEW, null))))
                .as("another capability in between does not break a run").isEmpty();
    }

    @Test
    void aGroupSharesOneAdmission() {
        assertThat(problems(List.of(grouped("m", "a", 0, NEW, null), grouped("m", "b", 0, AdmissionState.EXISTING_ONLY, null))))
                .containsExactly("candidates[1].admission_state: \"existing_only\" (expected: new_and_existing, the admission"
                        + " of the rest of group 0 of inference_model \"m\")");
        assertThat(problems(List.of(grouped("m", "a", 0, AdmissionState.NONE, null), grouped("m", "b", 1, NEW, null))))
                .as("groups may differ from each other").isEmpty();
    }

    @Test
    void trafficWeightOnlyWithWeightedRandom() {
        assertThat(problems("hub", List.of(grouped("m", "a", 0, NEW, 5L)), SelectionMode.ROUND_ROBIN))
                .containsExactly("candidates[0].traffic_weight: 5 (expected: no traffic_weight unless selection_policy.mode"
                        + " is weightedRandom)");
    }

    @Test
    void weightedRandomNeedsAGroupAndAPositiveWeightEverywhere() {
        assertThat(problems("hub", List.of(grouped("m", "a", 0, NEW, 1L)), SelectionMode.WEIGHTED_RANDOM)).isEmpty();
        assertThat(problems("hub", List.of(grouped("m", "a", 0, NEW, 0L), grouped("m", "b", 0, NEW, null)),
                SelectionMode.WEIGHTED_RANDOM)).containsExactly(
                        "candidates[0].traffic_weight: 0 (expected: a positive traffic_weight on every candidate with weightedRandom)",
                        "candidates[1].traffic_weight: missing (expected: a positive traffic_weight on every candidate with weightedRandom)");
        assertThat(problems("hub", List.of(model("m", "s", "c")), SelectionMode.WEIGHTED_RANDOM))
                .anySatisfy(p -> assertThat(p).startsWith("candidates[0].selection_group: missing"));
    }

    @Test
    void aPolicyWithoutGroupsIsOnlyAWarning() {
        SnapshotBuild.Built built = built(List.of(model("m", "s", "c")), SelectionMode.ROUND_ROBIN);
        assertThat(built.warnings()).singleElement().asString().startsWith("selection_policy.mode: \"roundRobin\" has no effect");
        assertThat(built(List.of(grouped("m", "a", 0, NEW, null)), SelectionMode.RANDOM).warnings()).isEmpty();
    }

    @Test
    void admissionDefaultsOnlyWhenAbsent() {
        RoutingSnapshot snapshot = built(List.of(withAdmission(model("m", "s", "c"), AdmissionState.NONE)),
                SelectionMode.DETERMINISTIC).snapshot();
        assertThat(snapshot.candidates().get(0).admission()).isEqualTo(AdmissionState.NONE);
    }
}
