package io.jpraxis.ai.candidate;

/** Test builders for candidates. */
final class Candidates {
    private Candidates() {
    }

    static Candidate model(String name, String site, String cluster) {
        return new Candidate(CandidateKind.INFERENCE_MODEL, name, site, cluster, true, null,
                AdmissionState.NEW_AND_EXISTING, null, null, null, null, null);
    }

    static Candidate grouped(String name, String cluster, int group, AdmissionState admission, Long weight) {
        return new Candidate(CandidateKind.INFERENCE_MODEL, name, "site", cluster, true, null, admission, null, null,
                null, group, weight);
    }

    static Candidate withStableId(Candidate c, String stableId) {
        return new Candidate(c.kind(), c.name(), c.site(), c.cluster(), c.fresh(), c.credential(), c.admission(),
                c.rank(), c.selectionTier(), stableId, c.selectionGroup(), c.trafficWeight());
    }

    static Candidate withAdmission(Candidate c, AdmissionState admission) {
        return new Candidate(c.kind(), c.name(), c.site(), c.cluster(), c.fresh(), c.credential(), admission,
                c.rank(), c.selectionTier(), c.stableId(), c.selectionGroup(), c.trafficWeight());
    }

    static Candidate withCredential(Candidate c, CredentialRef credential) {
        return new Candidate(c.kind(), c.name(), c.site(), c.cluster(), c.fresh(), credential, c.admission(),
                c.rank(), c.selectionTier(), c.stableId(), c.selectionGroup(), c.trafficWeight());
    }

    static Candidate withTier(Candidate c, String tier) {
        return new Candidate(c.kind(), c.name(), c.site(), c.cluster(), c.fresh(), c.credential(), c.admission(),
                c.rank(), tier, c.stableId(), c.selectionGroup(), c.trafficWeight());
    }
}
