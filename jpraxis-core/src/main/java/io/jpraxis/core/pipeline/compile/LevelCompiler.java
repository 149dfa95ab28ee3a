package io.jpraxis.core.pipeline.compile;

import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.FilterChainConfig;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.HeaderValue;
import io.jpraxis.config.model.RequestPredicateConfig;
import io.jpraxis.core.condition.ConditionCompiler;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.pipeline.BodyPlan;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.PlacedEntry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compiles one level of a pipeline (a listener's flattened pipeline, or a branch's sub-chain):
 * builds each entry's filter through its factory, compiles its gates and, through
 * {@link BranchCompiler}, its branches, whose sub-chains are levels of their own.
 */
final class LevelCompiler {
    private final FilterEntryBuilder builder;
    private final BuildBudget budget;
    private final Diagnostics diagnostics;
    private final BranchCompiler branches;
    private int nextSlot;
    /** Header names the current pipeline's request conditions read, for {@link BodyPlan#conditionedHeaders()}. */
    private Set<String> conditionedHeaders = new TreeSet<>();

    LevelCompiler(FilterEntryBuilder builder, Map<String, FilterChainConfig> chains, BuildBudget budget,
            Diagnostics diagnostics) {
        this.builder = builder;
        this.budget = budget;
        this.diagnostics = diagnostics;
        this.branches = new BranchCompiler(this, chains, diagnostics);
    }

    /** A listener's pipeline: indices are positions, branch filters get the slots after them. */
    List<CompiledFilter> compilePipeline(List<PlacedEntry> entries, String listener) {
        nextSlot = entries.size();
        conditionedHeaders = new TreeSet<>();
        return compile(entries, Level.top(listener));
    }

    /** Lower-case header names read by request conditions of the pipeline last compiled, branches included. */
    Set<String> conditionedHeaders() {
        return conditionedHeaders;
    }

    /** Compiles the entries of {@code level}; entries whose filter cannot be built are left out (and reported). */
    List<CompiledFilter> compile(List<PlacedEntry> entries, Level level) {
        Map<String, List<Integer>> names = names(entries);
        List<CompiledFilter> out = new ArrayList<>();
        for (int position = 0; position < entries.size(); position++) {
            if (!budget.take()) {
                break;
            }
            PlacedEntry placed = entries.get(position);
            Optional<FilterEntryBuilder.Built> filter = builder.build(placed.entry(), diagnostics.scoped(placed.filterScope()));
            List<BranchSpec> compiled = branches.compile(placed, position, names, level);
            if (filter.isEmpty()) {
                closeAll(compiled); // the config is refused; release what the branch filters hold
                continue;
            }
            if (filter.get().declaration().traits().contains(FilterTrait.ITERATIVE_ROUTER) && position < entries.size() - 1) {
                notLast(placed, entries.get(position + 1), entries.size() - 1 - position, level);
            }
            // Body access inside a branch is the ordering check branch_body_access (see
            // docs/behaviour/ordering-checks.md#the-ordering-checks).
            int index = level.top() ? position : nextSlot++;
            out.add(slot(index, filter.get(), placed, compiled, conditionedHeaders));
        }
        return out;
    }

    /**
     * An iterative request router answers every request it runs for, so a filter after it would
     * never run ("Position"; see docs/behaviour/iterative-router.md#steps-and-transitions); not an
     * ordering check, so no flag demotes it.
     */
    private void notLast(PlacedEntry irr, PlacedEntry next, int after, Level level) {
        String where = next.chain().equals(irr.chain())
                ? "it is not the last filter of chain '" + irr.chain() + "'"
                : "chain '" + next.chain() + "' follows its chain '" + irr.chain() + "' in " + level.description();
        diagnostics.scoped(irr.filterScope()).error(irr.entry().source().path().key("filter"),
                irr.entry().source().line(), irr.entry().filterType() + " is followed by " + after + " filter"
                        + (after == 1 ? "" : "s") + ": " + where + " (expected: the last filter of its chain and of "
                        + level.description() + "; it answers every request it runs for)");
    }

    /**
     * Entry names to every position holding them: a rejoin target must be held once (see
     * docs/behaviour/branches.md#branch-chains).
     */
    private static Map<String, List<Integer>> names(List<PlacedEntry> entries) {
        Map<String, List<Integer>> names = new LinkedHashMap<>();
        for (int i = 0; i < entries.size(); i++) {
            String name = entries.get(i).entry().name();
            if (name != null) {
                names.computeIfAbsent(name, n -> new ArrayList<>()).add(i);
            }
        }
        return names;
    }

    private static CompiledFilter slot(int index, FilterEntryBuilder.Built filter, PlacedEntry placed, List<BranchSpec> branches,
            Set<String> conditionedHeaders) {
        FilterEntryConfig entry = placed.entry();
        // Chain conditions are evaluated first, then the entry's own (see
        // docs/behaviour/config-loading.md#named-chains).
        List<ConditionConfig> gate = new ArrayList<>(placed.inherited());
        gate.addAll(entry.conditions());
        for (ConditionConfig c : gate) {
            addHeaderNames(c.predicate(), conditionedHeaders);
        }
        return new CompiledFilter(index, filter.filter(), filter.declaration(), ConditionCompiler.request(gate), !gate.isEmpty(),
                ConditionCompiler.response(entry.responseConditions()), entry.failureMode(), placed.chain(), entry,
                branches);
    }

    private static void addHeaderNames(RequestPredicateConfig p, Set<String> names) {
        if (p.headers() != null) {
            for (HeaderValue hv : p.headers()) {
                names.add(HeaderMap.normalize(hv.name()));
            }
        }
        if (p.headersPresent() != null) {
            p.headersPresent().forEach(name -> names.add(HeaderMap.normalize(name)));
        }
    }

    private static void closeAll(List<BranchSpec> branches) {
        for (BranchSpec branch : branches) {
            for (CompiledFilter f : branch.filters()) {
                closeAll(f.branches());
                f.filter().close();
            }
        }
    }

    /**
     * Where a list of entries stands: the top level (its jumps move the walk) or a sub-chain at
     * {@code depth} (its jumps are discarded at runtime).
     */
    record Level(String description, int depth, boolean top) {
        static Level top(String listener) {
            return new Level("the pipeline of listener '" + listener + "'", 0, true);
        }

        Level branch(String branch) {
            return new Level("the sub-chain of branch '" + branch + "'", depth + 1, false);
        }
    }
}
