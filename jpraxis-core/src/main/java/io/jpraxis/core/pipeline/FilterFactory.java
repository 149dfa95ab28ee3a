package io.jpraxis.core.pipeline;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.HttpFilter;
import java.util.Optional;
import java.util.Set;

/**
 * Builds one filter type in two steps. {@link #read} turns an entry's own keys into the filter's
 * config record, reporting every problem, and {@link #declare} says from that record what the
 * build needs to know; {@code validate} stops there (plus the pipeline checks). {@link #create}
 * then makes the runtime filter from a valid record; {@code serve}, reload, {@code dump} and
 * {@code explain} call it.
 * Registered in {@link FilterRegistry} (built-ins explicitly, third parties through
 * {@link java.util.ServiceLoader}).
 *
 * @param <C> the filter's config record (for a filter with nested pipelines, the record together
 *     with the pipelines compiled while reading it)
 */
public interface FilterFactory<C> {

    /** The YAML type name this factory builds. */
    String type();

    /**
     * Reads and validates the entry's keys. Every problem goes to {@code options.diagnostics()}
     * with its path; the factory must call {@code options.finish()} so unknown keys are reported.
     * Creates no filter, thread or socket; nested pipelines are compiled through
     * {@link FilterReadContext#nested()}.
     *
     * @return the config record, or empty when the config had errors
     */
    Optional<C> read(MapReader options, FilterReadContext context);

    /**
     * The keys an entry of this type takes beside the keys every entry takes ({@code filter},
     * {@code name}, conditions...), or empty for an undescribed type. When present, the builder
     * opens the entry's {@code options} reader by it: reading a key it does not list is a programmer
     * error, and its not-implemented keys are reported as such; the schema and the reference page
     * are rendered from it too.
     */
    default Optional<ObjectDescriptor> options() {
        return Optional.empty();
    }

    /** What the build needs to know about a filter of this valid {@code config}. */
    FilterDeclaration declare(C config);

    /** The runtime filter for a valid {@code config} (one {@link #read} returned). */
    HttpFilter create(C config, FilterBuildContext context);

    /** Option keys whose values {@code dump} redacts. */
    default Set<String> secretFields() {
        return Set.of();
    }

    /**
     * Whether entries of this type may carry an {@code outbound_chain} (a chain-binding filter such
     * as {@code http_callout}); the builder refuses one on every other type and hands it to this
     * factory as {@link FilterReadContext#outboundChain()}.
     */
    default boolean bindsChain() {
        return false;
    }

    /**
     * Whether filters of this type may declare clusters with application metadata
     * ({@link FilterDeclaration.Clusters#declaredTags()}, a load balancer). When an entry of such a
     * type fails to read, the matcher typo guard cannot tell a typo from a tag it would have declared.
     */
    default boolean declaresClusters() {
        return false;
    }

    /** The feature gate this filter type needs, or null when ungated. */
    default Feature requiredFeature() {
        return null;
    }

    /**
     * Both steps at once, outside a pipeline build (factory unit tests, tools): nested pipelines
     * cannot be compiled there.
     *
     * @return the filter, or empty when the config had errors
     */
    default Optional<HttpFilter> readAndCreate(MapReader options, FilterBuildContext context) {
        return read(options, context.readContext()).map(c -> create(c, context));
    }
}
