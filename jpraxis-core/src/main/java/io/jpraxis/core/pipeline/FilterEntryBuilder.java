package io.jpraxis.core.pipeline;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Suggestions;
import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.binding.MatcherDeclarations;
import io.jpraxis.core.filter.FilterBuildContext;
import io.jpraxis.core.filter.FilterFactory;
import io.jpraxis.core.filter.FilterRegistry;
import io.jpraxis.core.filter.HttpFilter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds one filter entry through its factory, reporting an unknown type, a Praxis type not
 * implemented here and a gated type whose feature is off. Branches are compiled by {@link BranchCompiler}.
 */
final class FilterEntryBuilder {
    private final FilterRegistry registry;
    private final FilterBuildContext context;
    /**
     * Entries built before. A chain shared by listeners or expanded by several branches builds an
     * instance per place, but its findings are the same each time and are reported once.
     */
    private final Set<FilterEntryConfig> diagnosed = Collections.newSetFromMap(new IdentityHashMap<>());

    FilterEntryBuilder(FilterRegistry registry, FilterBuildContext context) {
        this.registry = registry;
        this.context = context;
    }

    /**
     * Entries whose factory built no filter, each as the error to report if nothing else in the
     * build failed: a filter is only ever left out of a refused config, so a silent factory (a
     * bug) must not leave a valid-looking pipeline without it.
     */
    private final List<Diagnostic> leftOut = new ArrayList<>();

    /**
     * Every entry this build reached, the ones whose filter failed included (and those inside
     * nested pipelines: IRR steps, outbound chains), for the typo guard, which must see every
     * matcher whatever else failed.
     */
    private final List<MatcherDeclarations.Site> sites = new ArrayList<>();
    /** Set when an entry refused by its factory declared clusters nobody can know. */
    private boolean declarationsLost;
    /** Builds that gave no filter, reported or not (an entry built again reports nothing). */
    private int refusals;

    /** Builds {@code entry}; every problem is reported to {@code d} (already scoped to the entry). */
    Optional<HttpFilter> build(FilterEntryConfig entry, Diagnostics d) {
        boolean first = diagnosed.add(entry);
        int reachedBefore = sites.size();
        Optional<HttpFilter> built = buildOnce(entry, first ? d : new Diagnostics());
        if (built.isPresent()) {
            sites.add(MatcherDeclarations.Site.built(entry, d.scope(), built.get()));
        } else {
            refusals++;
            // Nested entries it did build stand as sites of their own; else ask its factory again.
            Map<String, ClusterTags> declares = sites.size() > reachedBefore ? Map.of() : refusedDeclarations(entry);
            sites.add(MatcherDeclarations.Site.refused(entry, d.scope(), declares));
        }
        if (built.isEmpty() && first) {
            leftOut.add(new Diagnostic.Error(entry.source().path().key("filter"), entry.source().line(),
                    "filter type " + entry.filterType() + " was left out of the pipeline and no problem was reported "
                            + "(a jpraxis bug); the config is refused rather than served without it", d.scope()));
        }
        return built;
    }

    /** How many builds so far gave no filter. */
    int refusals() {
        return refusals;
    }

    /** Every entry reached so far, in build order. */
    List<MatcherDeclarations.Site> sites() {
        return sites;
    }

    /**
     * Whether every cluster declaration of the config was seen: false when an entry its factory
     * refused declared clusters that cannot be read back.
     */
    boolean declarationsComplete() {
        return !declarationsLost;
    }

    private Map<String, ClusterTags> refusedDeclarations(FilterEntryConfig entry) {
        Optional<FilterFactory> factory = registry.find(entry.filterType());
        if (factory.isEmpty()) {
            return Map.of(); // an unknown type declares nothing
        }
        MapReader quiet = MapReader.of(entry.options(), entry.source().path(), new Diagnostics());
        Optional<Map<String, ClusterTags>> declares = factory.get().refusedDeclarations(quiet);
        if (declares.isEmpty()) {
            declarationsLost = true;
        }
        return declares.orElse(Map.of());
    }

    /** See {@link #leftOut}: the errors for entries left out, to report when the build found no other. */
    List<Diagnostic> leftOut() {
        return leftOut;
    }

    private Optional<HttpFilter> buildOnce(FilterEntryConfig entry, Diagnostics d) {
        var path = entry.source().path();
        Optional<FilterFactory> factory = registry.find(entry.filterType());
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
        if (gate != null && !context.features().has(gate)) {
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
        MapReader options = MapReader.of(entry.options(), path, d);
        return factory.get().create(options, context.withOutboundChain(entry.outboundChain()));
    }
}
