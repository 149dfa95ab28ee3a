package io.jpraxis.ai.candidate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Each capability's candidates in list order and, when grouped, its groups in ascending order. */
final class GroupIndex {
    private final Map<Capability, List<Candidate>> ordered;
    private final Map<Capability, List<Group>> groups;
    private final Map<String, Candidate> byStableId;

    private GroupIndex(Map<Capability, List<Candidate>> ordered, Map<Capability, List<Group>> groups,
            Map<String, Candidate> byStableId) {
        this.ordered = ordered;
        this.groups = groups;
        this.byStableId = byStableId;
    }

    /** Indexes a list that passed {@link CandidateValidator} and {@link GroupRules}. */
    static GroupIndex of(List<Candidate> candidates) {
        Map<Capability, List<Candidate>> ordered = new HashMap<>();
        Map<String, Candidate> byStableId = new HashMap<>();
        for (Candidate c : candidates) {
            ordered.computeIfAbsent(Capability.of(c), k -> new ArrayList<>()).add(c);
            byStableId.put(c.stableId(), c);
        }
        Map<Capability, List<Group>> groups = new HashMap<>();
        ordered.replaceAll((capability, members) -> List.copyOf(members));
        ordered.forEach((capability, members) -> {
            if (members.get(0).selectionGroup() != null) {
                groups.put(capability, split(members));
            }
        });
        return new GroupIndex(ordered, groups, byStableId);
    }

    /** Contiguous runs of one group number become one {@link Group}. */
    private static List<Group> split(List<Candidate> members) {
        List<Group> result = new ArrayList<>();
        List<Candidate> run = new ArrayList<>();
        for (Candidate c : members) {
            if (!run.isEmpty() && !run.get(0).selectionGroup().equals(c.selectionGroup())) {
                result.add(new Group(run.get(0).selectionGroup(), run));
                run = new ArrayList<>();
            }
            run.add(c);
        }
        result.add(new Group(run.get(0).selectionGroup(), run));
        return List.copyOf(result);
    }

    /** The capability's candidates in list order; empty when nothing serves it. */
    List<Candidate> ordered(Capability capability) {
        return ordered.getOrDefault(capability, List.of());
    }

    /** The capability's groups, or null when it is ungrouped. */
    List<Group> groups(Capability capability) {
        return groups.get(capability);
    }

    Candidate byStableId(String stableId) {
        return byStableId.get(stableId);
    }
}
