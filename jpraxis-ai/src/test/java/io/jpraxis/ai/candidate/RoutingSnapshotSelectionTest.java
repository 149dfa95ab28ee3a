package io.jpraxis.ai.candidate;

import static io.jpraxis.ai.candidate.Candidates.grouped;
import static io.jpraxis.ai.candidate.Candidates.model;
import static io.jpraxis.ai.candidate.Candidates.withAdmission;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RoutingSnapshotSelectionTest {
    private static final AdmissionState NEW = AdmissionState.NEW_AND_EXISTING;
    private static final AdmissionState EXISTING = AdmissionState.EXISTING_ONLY;
    private static final CandidateKind MODEL = CandidateKind.INFERENCE_MODEL;

    private static RoutingSnapshot snapshot(List<Candidate> candidates, SelectionMode mode, RandomSource random) {
        SnapshotBuild build = RoutingSnapshot.build("hub", candidates, mode, null, random);
        return switch (build) {
            case SnapshotBuild.Built built -> built.snapshot();
            case SnapshotBuild.Refused refused -> throw new AssertionError(refused.problems());
        };
    }

    private static RoutingSnapshot snapshot(List<Candidate> candidates, SelectionMode mode) {
        return snapshot(candidates, mode, RandomSource.threadLocal());
    }

    private static String pick(RoutingSnapshot snapshot, String name) {
        return snapshot.select(MODEL, name).map(s -> s.candidate().cluster()).orElse(null);
    }

    @Test
    void ungroupedTakesTheFirstNewAndExistingInOrder() {
        RoutingSnapshot s = snapshot(List.of(withAdmission(model("m", "s", "draining"), EXISTING),
                withAdmission(model("m", "s", "off"), AdmissionState.NONE), model("other", "s", "x"),
                model("m", "s", "open"), model("m", "s", "later")), SelectionMode.DETERMINISTIC);
        Selection selection = s.select(MODEL, "m").orElseThrow();
        assertThat(selection.candidate().cluster()).isEqualTo("open");
        assertThat(selection.group()).as("ungrouped picks carry no group").isNull();
        assertThat(selection.mode()).isNull();
    }

    @Test
    void matchesKindAndNameExactly() {
        RoutingSnapshot s = snapshot(List.of(model("Model", "s", "c")), SelectionMode.DETERMINISTIC);
        assertThat(s.select(MODEL, "model")).as("names are case-sensitive").isEmpty();
        assertThat(s.select(MODEL, "Model ")).as("names are not trimmed").isEmpty();
        assertThat(s.select(CandidateKind.MCP_TOOL, "Model")).isEmpty();
        assertThat(pick(s, "Model")).isEqualTo("c");
    }

    @Test
    void noNewAdmissionMeansNoPick() {
        RoutingSnapshot s = snapshot(List.of(withAdmission(model("m", "s", "c"), EXISTING)), SelectionMode.DETERMINISTIC);
        assertThat(s.select(MODEL, "m")).isEmpty();
    }

    @Test
    void deterministicTakesTheFirstMemberOfTheFirstOpenGroup() {
        RoutingSnapshot s = snapshot(List.of(grouped("m", "a", 0, NEW, null), grouped("m", "b", 0, NEW, null),
                grouped("m", "c", 1, NEW, null)), SelectionMode.DETERMINISTIC);
        for (int i = 0; i < 5; i++) {
            Selection selection = s.select(MODEL, "m").orElseThrow();
            assertThat(selection.candidate().cluster()).isEqualTo("a");
            assertThat(selection.group()).isZero();
            assertThat(selection.mode()).isEqualTo(SelectionMode.DETERMINISTIC);
        }
    }

    @Test
    void fallsBackPastADrainingOrExcludedGroup() {
        RoutingSnapshot s = snapshot(List.of(grouped("m", "a", 0, EXISTING, null), grouped("m", "b", 1, AdmissionState.NONE, null),
                grouped("m", "c", 2, NEW, null), grouped("m", "d", 2, NEW, null)), SelectionMode.ROUND_ROBIN);
        Selection selection = s.select(MODEL, "m").orElseThrow();
        assertThat(selection.group()).isEqualTo(2);
        assertThat(selection.candidate().cluster()).isEqualTo("c");
        assertThat(snapshot(List.of(grouped("m", "a", 0, EXISTING, null)), SelectionMode.DETERMINISTIC).select(MODEL, "m"))
                .as("no open group, no pick").isEmpty();
    }

    @Test
    void roundRobinCyclesPerGroupAndPerCapability() {
        RoutingSnapshot s = snapshot(List.of(grouped("m", "a", 0, NEW, null), grouped("m", "b", 0, NEW, null),
                grouped("m", "c", 0, NEW, null), grouped("n", "x", 0, NEW, null), grouped("n", "y", 0, NEW, null)),
                SelectionMode.ROUND_ROBIN);
        StringBuilder m = new StringBuilder();
        StringBuilder n = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            m.append(pick(s, "m"));
            if (i < 3) {
                n.append(pick(s, "n"));
            }
        }
        assertThat(m.toString()).isEqualTo("abcabc");
        assertThat(n.toString()).as("another capability keeps its own counter").isEqualTo("xyx");
    }

    @Test
    void roundRobinCountersStartAfreshInANewSnapshot() {
        List<Candidate> list = List.of(grouped("m", "a", 0, NEW, null), grouped("m", "b", 0, NEW, null));
        RoutingSnapshot first = snapshot(list, SelectionMode.ROUND_ROBIN);
        assertThat(pick(first, "m")).isEqualTo("a");
        RoutingSnapshot second = snapshot(list, SelectionMode.ROUND_ROBIN);
        assertThat(pick(second, "m")).isEqualTo("a");
        assertThat(pick(first, "m")).isEqualTo("b");
    }

    @Test
    void randomUsesTheDrawAsTheIndex() {
        Deque<Long> draws = new ArrayDeque<>(List.of(2L, 0L, 1L));
        RandomSource scripted = bound -> {
            assertThat(bound).isEqualTo(3);
            return draws.removeFirst();
        };
        RoutingSnapshot s = snapshot(List.of(grouped("m", "a", 0, NEW, null), grouped("m", "b", 0, NEW, null),
                grouped("m", "c", 0, NEW, null)), SelectionMode.RANDOM, scripted);
        assertThat(pick(s, "m") + pick(s, "m") + pick(s, "m")).isEqualTo("cab");
    }

    @Test
    void randomIsRoughlyUniform() {
        SplittableRandom seeded = new SplittableRandom(7);
        RoutingSnapshot s = snapshot(List.of(grouped("m", "a", 0, NEW, null), grouped("m", "b", 0, NEW, null)),
                SelectionMode.RANDOM, seeded::nextLong);
        Map<String, Integer> counts = count(s, 10_000);
        assertThat(counts.get("a")).isBetween(4_500, 5_500);
        assertThat(counts.get("b")).isBetween(4_500, 5_500);
    }

    @Test
    void weightedRandomMapsDrawsOntoCumulativeIntervals() {
        long[] next = new long[1];
        RandomSource scripted = bound -> {
            assertThat(bound).as("the draw spans the total weight").isEqualTo(100);
            return next[0];
        };
        RoutingSnapshot s = snapshot(List.of(grouped("m", "a", 0, NEW, 70L), grouped("m", "b", 0, NEW, 30L)),
                SelectionMode.WEIGHTED_RANDOM, scripted);
        for (long draw : new long[] {0, 69}) {
            next[0] = draw;
            assertThat(pick(s, "m")).as("draw " + draw).isEqualTo("a");
        }
        for (long draw : new long[] {70, 99}) {
            next[0] = draw;
            assertThat(pick(s, "m")).as("draw " + draw).isEqualTo("b");
        }
    }

    @Test
    void weightedRandomFollowsTheWeights() {
        SplittableRandom seeded = new SplittableRandom(11);
        RoutingSnapshot s = snapshot(List.of(grouped("m", "a", 0, NEW, 70L), grouped("m", "b", 0, NEW, 20L),
                grouped("m", "c", 0, NEW, 10L), grouped("m", "z", 1, NEW, 1000L)), SelectionMode.WEIGHTED_RANDOM,
                seeded::nextLong);
        Map<String, Integer> counts = count(s, 10_000);
        assertThat(counts.get("a")).isBetween(6_500, 7_500);
        assertThat(counts.get("b")).isBetween(1_600, 2_400);
        assertThat(counts.get("c")).isBetween(700, 1_300);
        assertThat(counts).as("a later group never takes traffic while the first is open").doesNotContainKey("z");
    }

    @Test
    void findReturnsTheBoundCandidateWhateverItsAdmission() {
        RoutingSnapshot s = snapshot(List.of(withAdmission(model("m", "s", "c"), EXISTING), model("m", "s", "d")),
                SelectionMode.DETERMINISTIC);
        assertThat(s.find(MODEL, "m", "inference_model/m/s/c")).get().extracting(Candidate::cluster).isEqualTo("c");
        assertThat(s.find(MODEL, "other", "inference_model/m/s/c")).as("name must match too").isEmpty();
        assertThat(s.find(CandidateKind.MCP_TOOL, "m", "inference_model/m/s/c")).isEmpty();
        assertThat(s.find(MODEL, "m", "gone")).isEmpty();
    }

    private static Map<String, Integer> count(RoutingSnapshot s, int picks) {
        Map<String, Integer> counts = new HashMap<>();
        for (int i = 0; i < picks; i++) {
            counts.merge(pick(s, "m"), 1, Integer::sum);
        }
        return counts;
    }
}
