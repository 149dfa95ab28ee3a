package io.jpraxis.ai.candidate;

import io.jpraxis.core.picker.EndpointSubset;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The immutable routing data a request selects from (see
 * docs/behaviour/intelligent-route.md#candidates,
 * docs/behaviour/intelligent-route.md#selection-order): validated candidates in producer order, the
 * local site, the selection policy, the overlay revision, and the per-group round-robin counters,
 * which therefore reset only when a new snapshot is swapped in.
 */
public final class RoutingSnapshot {
    private final String localSite;
    private final List<Candidate> candidates;
    private final SelectionMode mode;
    private final String revision;
    private final GroupIndex index;
    private final RandomSource random;

    private RoutingSnapshot(String localSite, List<Candidate> candidates, SelectionMode mode, String revision,
            RandomSource random) {
        this.localSite = localSite;
        this.candidates = List.copyOf(candidates);
        this.mode = mode;
        this.revision = revision;
        this.index = GroupIndex.of(this.candidates);
        this.random = random;
    }

    /**
     * Validates and indexes a candidate list; a candidate without a stable id gets the default one.
     *
     * @param mode null means {@code deterministic}
     * @param revision the envelope's 64-hex revision; null for static config and legacy overlays
     */
    public static SnapshotBuild build(String localSite, List<Candidate> candidates, SelectionMode mode,
            String revision) {
        return build(localSite, candidates, mode, revision, RandomSource.threadLocal());
    }

    /** As {@link #build(String, List, SelectionMode, String)}, drawing random picks from {@code random}. */
    public static SnapshotBuild build(String localSite, List<Candidate> candidates, SelectionMode mode,
            String revision, RandomSource random) {
        Objects.requireNonNull(random, "random");
        SelectionMode effective = mode == null ? SelectionMode.DETERMINISTIC : mode;
        List<String> problems = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        List<Candidate> completed = CandidateValidator.validate(localSite, candidates, problems);
        if (problems.isEmpty()) {
            List<Integer> positions = new ArrayList<>(completed.size());
            for (int i = 0; i < completed.size(); i++) {
                positions.add(i);
            }
            GroupRules.check(completed, positions, effective, problems, warnings);
        }
        if (!problems.isEmpty()) {
            return new SnapshotBuild.Refused(problems);
        }
        return new SnapshotBuild.Built(new RoutingSnapshot(localSite, completed, effective, revision, random), warnings);
    }

    public String localSite() {
        return localSite;
    }

    /** Every candidate in list order, stable ids filled in. */
    public List<Candidate> candidates() {
        return candidates;
    }

    public SelectionMode mode() {
        return mode;
    }

    /** The overlay envelope's revision; empty for static config and legacy overlays. */
    public Optional<String> revision() {
        return Optional.ofNullable(revision);
    }

    /**
     * A new pick for {@code (kind, name)} (see
     * docs/behaviour/intelligent-route.md#selection-order). A grouped capability visits its groups
     * in order, passing over a group whose admission is not {@code new_and_existing} (the fallback
     * from a draining primary) and picking by policy in the first that remains; an ungrouped one
     * takes the first {@code new_and_existing} candidate in list order.
     */
    public Optional<Selection> select(CandidateKind kind, String name) {
        return select(kind, name, null);
    }

    /**
     * As {@link #select(CandidateKind, String)}, among the candidates {@code subset} allows only;
     * a group with no allowed member is passed over like one that admits nothing new. A null
     * subset allows every candidate.
     */
    public Optional<Selection> select(CandidateKind kind, String name, EndpointSubset subset) {
        Capability capability = new Capability(kind, name);
        List<Group> groups = index.groups(capability);
        if (groups == null) {
            for (Candidate c : index.ordered(capability)) {
                if (c.admission() == AdmissionState.NEW_AND_EXISTING && (subset == null || subset.allows(c.cluster()))) {
                    return Optional.of(new Selection(c, null, null));
                }
            }
            return Optional.empty();
        }
        for (Group group : groups) {
            if (group.admission != AdmissionState.NEW_AND_EXISTING) {
                continue;
            }
            Group eligible = subset == null ? group : group.within(subset);
            if (eligible.members.isEmpty()) {
                continue;
            }
            Candidate picked = Pickers.pick(eligible, mode, random);
            if (picked != null) {
                return Optional.of(new Selection(picked, group.number, mode));
            }
        }
        return Optional.empty();
    }

    /**
     * The candidates a request for {@code (kind, name)} may fail over to after {@code picked}, in the
     * order selection prefers them (see docs/behaviour/model-failover.md#the-order-of-entries): an
     * ungrouped capability's {@code new_and_existing} candidates in list order, a grouped one's
     * groups in order (passing over those that admit nothing new), each group's members in list
     * order; {@code subset} narrows them as it narrows a pick. {@code picked} is left out.
     */
    public List<Candidate> alternatives(CandidateKind kind, String name, EndpointSubset subset, Candidate picked) {
        Capability capability = new Capability(kind, name);
        List<Group> groups = index.groups(capability);
        List<Candidate> out = new ArrayList<>();
        if (groups == null) {
            for (Candidate c : index.ordered(capability)) {
                if (c.admission() == AdmissionState.NEW_AND_EXISTING && admitted(c, subset, picked)) {
                    out.add(c);
                }
            }
            return out;
        }
        for (Group group : groups) {
            if (group.admission != AdmissionState.NEW_AND_EXISTING) {
                continue;
            }
            for (Candidate c : group.members) {
                if (admitted(c, subset, picked)) {
                    out.add(c);
                }
            }
        }
        return out;
    }

    private static boolean admitted(Candidate c, EndpointSubset subset, Candidate picked) {
        return !c.stableId().equals(picked.stableId()) && (subset == null || subset.allows(c.cluster()));
    }

    /**
     * The candidate a session is bound to, whatever its admission (the caller decides whether an
     * {@code existing_only} or excluded one may be reused); empty when a reload removed it.
     */
    public Optional<Candidate> find(CandidateKind kind, String name, String stableId) {
        Candidate c = index.byStableId(stableId);
        if (c == null || c.kind() != kind || !c.name().equals(name)) {
            return Optional.empty();
        }
        return Optional.of(c);
    }

    @Override
    public String toString() {
        return "RoutingSnapshot[localSite=" + localSite + ", candidates=" + candidates.size() + ", mode=" + mode.wire()
                + ", revision=" + (revision == null ? "none" : revision) + "]";
    }
}
