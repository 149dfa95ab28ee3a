package io.jpraxis.core.pipeline;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.model.ChainRef;
import io.jpraxis.config.model.FilterEntryConfig;
import java.util.List;
import java.util.Optional;

/**
 * Builds a nested pipeline (an {@code iterative_request_router} step, or a callout's outbound chain)
 * from filter entries, inside the build that is running: same registry, named chains, instance
 * budget and build context as the parent, so a nested filter is read, declared and created exactly as a top-level one.
 * The pipeline compiler provides it through {@link FilterReadContext#nested()}.
 */
public interface NestedPipelines {

    /** For contexts made outside a pipeline build (factory unit tests): every request is refused. */
    NestedPipelines UNAVAILABLE = (nesting, entries, d) -> {
        d.error(nesting.path(), nesting.line(), nesting.label() + ": nested pipelines can only be built by the "
                + "pipeline compiler (expected: a filter built as part of a config)");
        return Optional.empty();
    };

    /**
     * Builds {@code entries} as one nested pipeline and runs its ordering checks as
     * {@code nesting} says. Every problem goes to {@code diagnostics}, at the entries' own paths,
     * its message prefixed with {@link Nesting#label()} and a colon.
     *
     * @return the pipeline, or empty when anything in it was an error
     */
    Optional<CompiledPipeline> build(Nesting nesting, List<FilterEntryConfig> entries, Diagnostics diagnostics);

    /**
     * Resolves and builds an {@code outbound_chain} ({@code bind_chain}; see
     * docs/behaviour/outbound-chains.md#outbound-chains): a named chain of {@code filter_chains}
     * (its conditions included) or an inline one, as {@link Nesting#outbound}. It is refused past
     * {@value #MAX_OUTBOUND_DEPTH} levels of outbound chains, when it leads back to a chain whose
     * outbound chain is being built, and when it holds a TCP filter, a filter that answers requests
     * itself, or no load balancer. Problems are reported as for {@link #build}.
     *
     * @return the pipeline, or empty when anything in it was an error
     */
    default Optional<CompiledPipeline> bindChain(ChainRef ref, Diagnostics diagnostics) {
        diagnostics.error(ref.source().path(), ref.source().line(), "outbound_chain: outbound chains can only be "
                + "built by the pipeline compiler (expected: a filter built as part of a config)");
        return Optional.empty();
    }

    /**
     * Outbound chains one inside another's filters (see
     * docs/behaviour/outbound-chains.md#outbound-chains).
     */
    int MAX_OUTBOUND_DEPTH = 10;

    /**
     * How a nested pipeline is checked.
     *
     * @param label prefix of its diagnostics ({@code invalid step 'retry'})
     * @param name its name in logs, explain and check messages ({@code step 'retry'})
     * @param path where it is written (its diagnostics without a filter of their own land here)
     * @param inheritsBinding whether it runs under the parent's frozen binding (an IRR step: a bound
     *     consumer needs no router there, and a pipeline that reads the binding may publish none);
     *     false for a pipeline that starts unbound (an outbound chain)
     * @param strict whether every ordering check runs and stays an error whatever {@code
     *     skip_pipeline_checks} and {@code skip_pipeline_validation} say (see
     *     docs/behaviour/iterative-router.md#step-checks); false applies the operator's flags as at
     *     the top level
     */
    record Nesting(String label, String name, ConfigPath path, int line, boolean inheritsBinding, boolean strict) {

        /**
         * An {@code iterative_request_router} step: inherits the binding, checked strictly (see
         * docs/behaviour/iterative-router.md#steps-and-transitions,
         * docs/behaviour/iterative-router.md#step-checks).
         */
        public static Nesting irrStep(String step, ConfigPath path, int line) {
            return new Nesting("invalid step '" + step + "'", "step '" + step + "'", path, line, true, true);
        }

        /**
         * An outbound chain: a separate request that starts unbound and decides with its own catalog
         * whether it binds; checked under the operator's flags as a top-level chain (see
         * docs/behaviour/outbound-chains.md#outbound-chains).
         */
        public static Nesting outbound(String chain, ConfigPath path, int line) {
            return new Nesting("invalid outbound chain '" + chain + "'", "outbound chain '" + chain + "'", path, line,
                    false, false);
        }
    }
}
