package io.jpraxis.ai.candidate;

/**
 * A new pick: the candidate and, when the capability is grouped, the group it came from.
 *
 * @param group null when the capability has no selection groups (ordered scan)
 * @param mode the policy that picked inside the group; null when ungrouped
 */
public record Selection(Candidate candidate, Integer group, SelectionMode mode) {
}
