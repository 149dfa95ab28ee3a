package io.jpraxis.ai.candidate;

import static io.jpraxis.ai.candidate.HeaderText.quote;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The selection-group and policy rules (see docs/behaviour/intelligent-route.md#selection-order):
 * per capability all grouped or none, groups run 0, 1, 2... contiguously in list order, one
 * admission state per group, weights only (and always) with {@code weightedRandom}.
 */
final class GroupRules {
    private GroupRules() {
    }

    /** Where a capability's walk stands. */
    private static final class Walk {
        final boolean grouped;
        final int firstPosition;
        int group;
        AdmissionState admission;
        boolean broken;

        Walk(Candidate first, int position) {
            this.grouped = first.selectionGroup() != null;
            this.firstPosition = position;
            this.group = grouped ? first.selectionGroup() : -1;
            this.admission = first.admission();
        }
    }

    static void check(List<Candidate> candidates, List<Integer> positions, SelectionMode mode,
            List<String> problems, List<String> warnings) {
        Map<Capability, Walk> walks = new HashMap<>();
        boolean anyGrouped = false;
        for (int i = 0; i < candidates.size(); i++) {
            Candidate c = candidates.get(i);
            String at = "candidates[" + positions.get(i) + "]";
            anyGrouped |= c.selectionGroup() != null;
            checkPolicy(c, at, mode, problems);
            Capability capability = Capability.of(c);
            Walk walk = walks.get(capability);
            if (walk == null) {
                walk = new Walk(c, positions.get(i));
                walks.put(capability, walk);
                if (walk.grouped && walk.group != 0) {
                    problems.add(at + ".selection_group: " + c.selectionGroup() + " (expected: 0, the first group of "
                            + capability + ")");
                    walk.broken = true;
                }
            } else if (!walk.broken) {
                step(walk, c, at, capability, problems);
            }
        }
        if (mode != SelectionMode.DETERMINISTIC && !anyGrouped) {
            warnings.add("selection_policy.mode: " + quote(mode.wire())
                    + " has no effect (expected: candidates with selection_group; every capability uses the ordered scan)");
        }
    }

    private static void step(Walk walk, Candidate c, String at, Capability capability, List<String> problems) {
        Integer group = c.selectionGroup();
        if (walk.grouped != (group != null)) {
            problems.add(at + ".selection_group: " + (group == null ? "missing" : group)
                    + " (expected: every candidate of " + capability + " grouped, or none; candidates["
                    + walk.firstPosition + "] " + (walk.grouped ? "is" : "is not") + ")");
            walk.broken = true;
            return;
        }
        if (!walk.grouped) {
            return;
        }
        if (group == walk.group + 1) {
            walk.group = group;
            walk.admission = c.admission();
        } else if (group != walk.group) {
            problems.add(at + ".selection_group: " + group + " (expected: " + walk.group + " or " + (walk.group + 1)
                    + "; the groups of " + capability + " run 0, 1, 2... without gaps or revisits)");
            walk.broken = true;
        } else if (c.admission() != walk.admission) {
            problems.add(at + ".admission_state: " + quote(c.admission().wire()) + " (expected: "
                    + walk.admission.wire() + ", the admission of the rest of group " + group + " of " + capability + ")");
        }
    }

    private static void checkPolicy(Candidate c, String at, SelectionMode mode, List<String> problems) {
        if (mode != SelectionMode.WEIGHTED_RANDOM) {
            if (c.trafficWeight() != null) {
                problems.add(at + ".traffic_weight: " + c.trafficWeight()
                        + " (expected: no traffic_weight unless selection_policy.mode is weightedRandom)");
            }
            return;
        }
        if (c.selectionGroup() == null) {
            problems.add(at + ".selection_group: missing (expected: a selection_group on every candidate with weightedRandom)");
        }
        if (c.trafficWeight() == null || c.trafficWeight() <= 0) {
            problems.add(at + ".traffic_weight: " + (c.trafficWeight() == null ? "missing" : c.trafficWeight())
                    + " (expected: a positive traffic_weight on every candidate with weightedRandom)");
        }
    }
}
