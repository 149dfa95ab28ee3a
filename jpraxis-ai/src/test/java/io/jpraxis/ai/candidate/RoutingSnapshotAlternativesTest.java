package io.jpraxis.ai.candidate;

import static io.jpraxis.ai.candidate.Candidates.grouped;
import static io.jpraxis.ai.candidate.Candidates.model;
import static io.jpraxis.ai.candidate.Candidates.withAdmission;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.picker.EndpointSubset;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The failover order of a model's candidates (see
 * docs/behaviour/model-failover.md#the-order-of-entries): what a {@code model_failover} tries after
 * the first pick.
 */
class RoutingSnapshotAlternativesTest {
    private static final CandidateKind MODEL = CandidateKind.INFERENCE_MODEL;

    private static RoutingSnapshot snapshot(List<Candidate> candidates, SelectionMode mode) {
        return switch (RoutingSnapshot.build("hub", candidates, mode, null)) {
            case SnapshotBuild.Built built -> built.snapshot();
            case SnapshotBuild.Refused refused -> throw new AssertionError(refused.problems());
        };
    }

    private static List<String> clusters(List<Candidate> candidates) {
        return candidates.stream().map(Candidate::cluster).toList();
    }

    @Test
    void ungroupedCandidatesFollowTheListLeavingOutThePickAndThoseThatAdmitNothingNew() {
        RoutingSnapshot s = snapshot(List.of(model("m", "hub", "a"), withAdmission(model("m", "hub", "draining"),
                AdmissionState.EXISTING_ONLY), model("other", "hub", "x"), model("m", "hub", "b"), model("m", "hub", "c")),
                SelectionMode.DETERMINISTIC);
        Candidate first = s.select(MODEL, "m").orElseThrow().candidate();

        assertThat(first.cluster()).isEqualTo("a");
        assertThat(clusters(s.alternatives(MODEL, "m", null, first))).containsExactly("b", "c");
    }

    @Test
    void aPickFromTheMiddleStillListsTheOthersInOrder() {
        RoutingSnapshot s = snapshot(List.of(model("m", "hub", "a"), model("m", "hub", "b"), model("m", "hub", "c")),
                SelectionMode.DETERMINISTIC);
        Candidate reused = s.candidates().get(1); // a session-affinity reuse of b

        assertThat(clusters(s.alternatives(MODEL, "m", null, reused))).containsExactly("a", "c");
    }

    @Test
    void groupsGoInOrderPassingOverOnesThatAdmitNothingNew() {
        RoutingSnapshot s = snapshot(List.of(grouped("m", "a1", 0, AdmissionState.NEW_AND_EXISTING, null),
                grouped("m", "a2", 0, AdmissionState.NEW_AND_EXISTING, null),
                grouped("m", "drained", 1, AdmissionState.EXISTING_ONLY, null),
                grouped("m", "c1", 2, AdmissionState.NEW_AND_EXISTING, null)), SelectionMode.ROUND_ROBIN);
        Candidate first = s.candidates().get(1);

        assertThat(clusters(s.alternatives(MODEL, "m", null, first))).containsExactly("a1", "c1");
    }

    @Test
    void anEndpointSubsetNarrowsTheAlternativesAsItNarrowsAPick() {
        RoutingSnapshot s = snapshot(List.of(model("m", "hub", "a"), model("m", "hub", "b"), model("m", "hub", "c")),
                SelectionMode.DETERMINISTIC);
        EndpointSubset subset = new EndpointSubset(Set.of("a", "c"));
        Candidate first = s.select(MODEL, "m", subset).orElseThrow().candidate();

        assertThat(clusters(s.alternatives(MODEL, "m", subset, first))).containsExactly("c");
    }
}
