package io.jpraxis.ai.candidate;

/**
 * One routable target of {@code intelligent_route} (see
 * docs/behaviour/intelligent-route.md#candidates), validated.
 *
 * @param fresh carried, never used for selection (the producer's order expresses freshness)
 * @param credential null when the candidate needs no injected credential
 * @param admission {@link AdmissionState#NEW_AND_EXISTING} unless an overlay says otherwise
 * @param rank informational; null when absent
 * @param selectionTier informational (e.g. {@code same_site}); null when absent
 * @param stableId the effective stable id: the overlay's, or the default derived from the four
 *     identifying fields
 * @param selectionGroup the priority group (line a); null when ungrouped
 * @param trafficWeight the weight for {@code weightedRandom}; null when absent
 */
public record Candidate(
        CandidateKind kind,
        String name,
        String site,
        String cluster,
        boolean fresh,
        CredentialRef credential,
        AdmissionState admission,
        Long rank,
        String selectionTier,
        String stableId,
        Integer selectionGroup,
        Long trafficWeight) {
}
