package io.jpraxis.core.filter;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.read.MapReader;
import java.util.Optional;
import java.util.Set;

/**
 * Builds one filter type from its entry's own keys. Registered in {@link FilterRegistry}
 * (built-ins explicitly, third parties through {@link java.util.ServiceLoader}).
 */
public interface FilterFactory {

    /** The YAML type name this factory builds. */
    String type();

    /**
     * Reads, validates and builds. Every problem goes to {@code options.diagnostics()} with its
     * path; the factory must call {@code options.finish()} so unknown keys are reported.
     *
     * @return the filter, or empty when the config had errors
     */
    Optional<HttpFilter> create(MapReader options, FilterBuildContext context);

    /** Option keys whose values {@code dump} redacts. */
    default Set<String> secretFields() {
        return Set.of();
    }

    /**
     * Whether entries of this type may carry an {@code outbound_chain} (spec 5.11, a chain-binding
     * filter such as {@code http_callout}); the builder refuses one on every other type and hands
     * it to this factory as {@link FilterBuildContext#outboundChain()}.
     */
    default boolean bindsChain() {
        return false;
    }

    /**
     * Whether filters of this type may declare clusters with application metadata
     * ({@link HttpFilter#declaredClusterTags()}, a load balancer). When an entry of such a type
     * fails to build, the matcher typo guard cannot tell a typo from a tag it would have declared.
     */
    default boolean declaresClusters() {
        return false;
    }

    /** The feature gate this filter type needs, or null when ungated. */
    default Feature requiredFeature() {
        return null;
    }
}
