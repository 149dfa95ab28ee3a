package io.jpraxis.ai.providerroute;

import io.jpraxis.ai.candidate.CredentialRef;
import java.util.List;

/**
 * A {@code provider_route} entry (see docs/reference/filters/provider_route.md#keys): the provider
 * gateway's exact map from the candidate the edge picked to a local backend cluster.
 *
 * @param providerId this provider's identifier, written as {@code x-ai-provider-attribution}
 * @param modelHeader the request header the model name is read from
 * @param routes one per candidate id, in config order
 * @param emitDemoAttribution whether responses carry {@code x-ai-demo-provider-gateway}
 */
public record ProviderRouteConfig(String providerId, String modelHeader, List<Route> routes,
        boolean emitDemoAttribution) {
    /** The default {@code model_header}. */
    public static final String DEFAULT_MODEL_HEADER = "X-Model";
    /** Most routes one entry may hold. */
    public static final int MAX_ROUTES = 1024;
    /** Most paths one route may accept. */
    public static final int MAX_PATHS = 64;
    /** Longest identifier, path or read header value, in UTF-8 bytes. */
    public static final int MAX_BYTES = 256;

    public ProviderRouteConfig {
        routes = List.copyOf(routes);
    }

    /**
     * One candidate's mapping.
     *
     * @param candidateId the stable id the edge sends as {@code x-ai-routing-candidate}
     * @param cluster the local backend cluster
     * @param model the one model accepted, compared exactly
     * @param paths the request paths accepted, compared exactly
     * @param credential the reference {@code credential_inject} resolves; null for none
     */
    public record Route(String candidateId, String cluster, String model, List<String> paths,
            CredentialRef credential) {
        public Route {
            paths = List.copyOf(paths);
        }
    }
}
