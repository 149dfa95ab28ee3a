package io.jpraxis.ai.intelligentroute;

import io.jpraxis.config.model.StoreBackend;
import io.jpraxis.ai.candidate.Candidate;
import io.jpraxis.ai.overlay.ExpectedOverlayScope;
import io.jpraxis.ai.overlay.ReloadSettings;
import java.nio.file.Path;
import java.util.List;

/**
 * The validated config of one {@code intelligent_route} entry (see
 * docs/reference/filters/intelligent_route.md#keys).
 *
 * @param routeHeader the header that carries the picked cluster (see
 * docs/behaviour/routing-headers.md#the-route-header), or null
 * @param providerHopClusters clusters that are provider gateways: only they get the hop headers
 */
public record IntelligentRouteConfig(
        String modelHeader,
        String routeHeader,
        CandidateSource source,
        SessionAffinityConfig sessionAffinity,
        List<String> providerHopClusters) {

    /** Praxis's default model header. */
    public static final String DEFAULT_MODEL_HEADER = "X-Model";

    public IntelligentRouteConfig {
        providerHopClusters = List.copyOf(providerHopClusters);
    }

    /** Where the candidates come from: exactly one of the two. */
    public sealed interface CandidateSource permits StaticCandidates, OverlayFile {
    }

    /** Candidates written in the config; they never change while this config serves. */
    public record StaticCandidates(String localSite, List<Candidate> candidates) implements CandidateSource {
        public StaticCandidates {
            candidates = List.copyOf(candidates);
        }
    }

    /**
     * Candidates from an overlay file the control plane writes (see
     * docs/behaviour/overlay.md#the-overlay-contract), re-read when it changes.
     *
     * @param expectedScope null when the config names none (legacy payloads are then accepted)
     */
    public record OverlayFile(Path file, ExpectedOverlayScope expectedScope, ReloadSettings reload)
            implements CandidateSource {
    }

    /**
     * Session affinity (see docs/behaviour/intelligent-route.md#session-affinity).
     *
     * @param header null when the session key is not read from a header
     * @param cookie null when the session key is not read from a cookie
     */
    public record SessionAffinityConfig(boolean enabled, String header, String cookie, long ttlSecs,
            StoreBackend backend) {
        /** Default TTL of a binding. */
        public static final long DEFAULT_TTL_SECS = 3600;
        /** The namespace of a shared backend that names none. */
        public static final String DEFAULT_NAMESPACE = "jpraxis:intelligent_route:affinity";
        /** Affinity off (the default). */
        public static final SessionAffinityConfig DISABLED = new SessionAffinityConfig(false, null, null,
                DEFAULT_TTL_SECS);

        /** Bindings kept in this process. */
        public SessionAffinityConfig(boolean enabled, String header, String cookie, long ttlSecs) {
            this(enabled, header, cookie, ttlSecs, StoreBackend.MEMORY);
        }
    }
}
