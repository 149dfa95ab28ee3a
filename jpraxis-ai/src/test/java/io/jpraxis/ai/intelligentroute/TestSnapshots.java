package io.jpraxis.ai.intelligentroute;

import io.jpraxis.ai.candidate.AdmissionState;
import io.jpraxis.ai.candidate.Candidate;
import io.jpraxis.ai.candidate.CandidateKind;
import io.jpraxis.ai.candidate.CredentialRef;
import io.jpraxis.ai.candidate.RoutingSnapshot;
import io.jpraxis.ai.candidate.SelectionMode;
import io.jpraxis.ai.candidate.SnapshotBuild;
import io.jpraxis.ai.candidate.SnapshotSource;
import io.jpraxis.ai.intelligentroute.IntelligentRouteConfig.SessionAffinityConfig;
import io.jpraxis.ai.intelligentroute.IntelligentRouteConfig.StaticCandidates;
import io.jpraxis.core.runtime.IdGenerator;
import java.time.Clock;
import java.util.List;

/** Snapshots a test swaps at will, standing in for an overlay reload. */
final class TestSnapshots implements SnapshotSource {
    private volatile RoutingSnapshot current;
    private volatile boolean closed;

    TestSnapshots(RoutingSnapshot first) {
        this.current = first;
    }

    @Override
    public RoutingSnapshot current() {
        return current;
    }

    void swap(RoutingSnapshot next) {
        current = next;
    }

    boolean closed() {
        return closed;
    }

    @Override
    public void close() {
        closed = true;
    }

    static RoutingSnapshot snapshot(SelectionMode mode, String revision, Candidate... candidates) {
        return switch (RoutingSnapshot.build("hub", List.of(candidates), mode, revision)) {
            case SnapshotBuild.Built b -> b.snapshot();
            case SnapshotBuild.Refused r -> throw new IllegalArgumentException(r.problems().toString());
        };
    }

    static RoutingSnapshot snapshot(Candidate... candidates) {
        return snapshot(SelectionMode.DETERMINISTIC, null, candidates);
    }

    static Candidate model(String name, String site, String cluster) {
        return candidate(name, site, cluster, AdmissionState.NEW_AND_EXISTING, null, null);
    }

    static Candidate candidate(String name, String site, String cluster, AdmissionState admission, Integer group,
            CredentialRef credential) {
        return new Candidate(CandidateKind.INFERENCE_MODEL, name, site, cluster, true, credential, admission, null,
                null, null, group, null);
    }

    /** A filter over {@code source} with the given keys; hop ids are {@code hop-1}, {@code hop-2}, ... */
    static IntelligentRouteFilter filter(TestSnapshots source, String routeHeader, List<String> hopClusters,
            SessionAffinityConfig affinity, Clock clock) {
        IntelligentRouteConfig config = new IntelligentRouteConfig("X-Model", routeHeader,
                new StaticCandidates("hub", source.current().candidates()), affinity, hopClusters);
        SessionAffinity sessions = affinity.enabled() ? new SessionAffinity(affinity, clock) : null;
        return new IntelligentRouteFilter(config, source, sessions, IdGenerator.sequential("hop"));
    }
}
