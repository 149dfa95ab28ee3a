package io.jpraxis.core.pipeline.compile;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Suggestions;
import io.jpraxis.core.filter.FilterTimings;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.filter.TimedFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.check.MatcherDeclarations;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Builds one filter entry through its factory, reporting an unknown type, a Praxis type not
 * implemented here and a gated type whose feature is off: the factory reads the entry into its
 * config record and declares it, then, unless the build only checks, creates the runtime filter.
 * Branches are compiled by {@link BranchCompiler}.
 */
final class FilterEntryBuilder {
    private final FilterRegistry registry;
    private final FilterReadContext readContext;
    /** Null when the build only checks ({@code validate}): no runtime filter is created. */
    private final FilterBuildContext buildContext;
    /**
     * Entries built before. A chain shared by listeners or expanded by several branches builds an
     * instance per place, but its findings are the same each time and are reported once.
     */
    private final Set<FilterEntryConfig> diagnosed = Collections.newSetFromMap(new IdentityHashMap<>());

    /** Null unless {@code metrics.filter_duration}: then every created filter is a {@link TimedFilter}. */
    private final FilterTimings timings;

    /**
     * {@code buildContext} null: read and declare only, every filter a {@link DeclaredFilter};
     * {@code timings} null: filters are not timed.
     */
    FilterEntryBuilder(FilterRegistry registry, FilterReadContext readContext, FilterBuildContext buildContext,
            FilterTimings timings) {
        this.registry = registry;
        this.readContext = readContext;
        this.buildContext = buildContext;
        this.timings = timings;
    }

    /**
     * A filter entry as the build has it.
     *
     * @param filter the runtime filter, or a {@link DeclaredFilter} when the build only checks
     */
    record Built(HttpFilter filter, FilterDeclaration declaration) {
    }

    /**
     * Entries whose factory built no filter, each as the error to report if nothing else in the
     * build failed: a filter is only ever left out of a refused config, so a silent factory (a
     * bug) must not leave a valid-looking pipeline without it.
     */
    private final List<Diagnostic> leftOut = new ArrayList<>();

    /** Reads, declares and (unless only checking) creates {@code entry}; every problem is reported to {@code d} (already scoped to the entry). */
    Optional<Built> build(FilterEntryConfig entry, Diagnostics d) {
        boolean first = diagnosed.add(entry);
        Optional<Built> built = buildOnce(entry, first ? d : new Diagnostics());
        if (first) {
            built.ifPresent(b -> made.add(new MatcherDeclarations.Built(b.declaration(), entry, d.scope())));
        }
        if (built.isEmpty() && registry.find(entry.filterType()).map(FilterFactory::declaresClusters).orElse(false)) {
            declarerFailed = true;
        }
        if (built.isEmpty() && first) {
            leftOut.add(new Diagnostic.Error(entry.source().path().key("filter"), entry.source().line(),
                    "filter type " + entry.filterType() + " was left out of the pipeline and no problem was reported "
                            + "(a jpraxis bug); the config is refused rather than served without it", d.scope()));
        }
        return built;
    }

    /**
     * Every filter built, at any nesting level, each entry once, including those of a nested
     * pipeline or a host that was refused afterwards: the typo guard is held to all of them.
     */
    private final List<MatcherDeclarations.Built> made = new ArrayList<>();
    /** Whether an entry of a type that declares clusters (a load balancer) failed to build. */
    private boolean declarerFailed;

    /** See {@link #made}. */
    List<MatcherDeclarations.Built> made() {
        return made;
    }

    /**
     * Whether every cluster declaration was built: when one was not, a matcher naming its tags would
     * look like a typo, so the guard cannot judge (the failed entry is reported itself).
     */
    boolean declarationsComplete() {
        return !declarerFailed;
    }

    /** See {@link #leftOut}: the errors for entries left out, to report when the build found no other. */
    List<Diagnostic> leftOut() {
        return leftOut;
    }

    private Optional<Built> buildOnce(FilterEntryConfig entry, Diagnostics d) {
        var path = entry.source().path();
        Optional<FilterFactory<?>> factory = registry.find(entry.filterType());
        if (factory.isEmpty()) {
            if (FilterRegistry.PRAXIS_TYPES_NOT_IMPLEMENTED.contains(entry.filterType())) {
                d.error(path.key("filter"), entry.source().line(), '"' + entry.filterType()
                        + "\" is a Praxis filter type not implemented in jpraxis");
            } else {
                List<String> known = new ArrayList<>(registry.types());
                known.addAll(FilterRegistry.PRAXIS_TYPES_NOT_IMPLEMENTED);
                String hint = Suggestions.hint(entry.filterType(), known);
                d.error(path.key("filter"), entry.source().line(), '"' + entry.filterType() + "\" (expected: one of "
                        + String.join(", ", registry.types())
                        + (hint.isEmpty() ? "" : "; " + hint.substring(2, hint.length() - 1)) + ")");
            }
            return Optional.empty();
        }
        Feature gate = factory.get().requiredFeature();
        if (gate != null && !readContext.features().has(gate)) {
            d.error(path.key("filter"), entry.source().line(), "filter type " + entry.filterType() + " needs the "
                    + gate.cliName() + " feature (enable with --features " + gate.cliName() + ")");
            return Optional.empty();
        }
        if (entry.outboundChain() != null && !factory.get().bindsChain()) {
            d.error(path.key("outbound_chain"), entry.outboundChain().source().line(), "filter type "
                    + entry.filterType() + " takes no outbound_chain (expected: a filter that sends callouts, such as "
                    + "http_callout)");
            return Optional.empty();
        }
        MapReader options = MapReader.of(entry.options(), path, d, factory.get().options().orElse(null));
        return build(factory.get(), entry, options);
    }

    private <C> Optional<Built> build(FilterFactory<C> factory, FilterEntryConfig entry, MapReader options) {
        Optional<C> config = factory.read(options, readContext.withOutboundChain(entry.outboundChain()));
        if (config.isEmpty()) {
            return Optional.empty();
        }
        FilterDeclaration declaration = factory.declare(config.get());
        HttpFilter filter = buildContext == null
                ? new DeclaredFilter(factory.type(), config.get())
                : factory.create(config.get(), buildContext);
        if (timings != null && filter != null) {
            filter = new TimedFilter(filter, timings);
        }
        return Optional.of(new Built(filter, declaration));
    }
}
