package io.jpraxis.core.pipeline.compile;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.diag.FilterScope;
import io.jpraxis.config.model.BranchChainConfig;
import io.jpraxis.config.model.ChainRef;
import io.jpraxis.config.model.FilterChainConfig;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.RejoinConfig;
import io.jpraxis.config.validate.ConfigLimits;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.PlacedEntry;
import io.jpraxis.core.pipeline.Rejoin;
import io.jpraxis.core.pipeline.ResultMatcher;
import io.jpraxis.core.pipeline.compile.LevelCompiler.Level;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Compiles a filter's {@code branch_chains} (see docs/behaviour/branches.md#branch-chains) once per
 * place the filter is expanded: chain references become one sub-chain (named chains with their
 * conditions, inline chains as written), rejoin names become indices of the host's level, and each
 * branch's own sub-chain is compiled as a level of its own. The load phase already checked what one
 * entry or the whole config shows; what is left needs the flattened pipeline.
 */
final class BranchCompiler {
    private final LevelCompiler levels;
    private final Map<String, FilterChainConfig> chains;
    private final Diagnostics diagnostics;
    /** A chain expanded in several places must not report the same finding each time. */
    private final Set<String> reported = new HashSet<>();

    BranchCompiler(LevelCompiler levels, Map<String, FilterChainConfig> chains, Diagnostics diagnostics) {
        this.levels = levels;
        this.chains = chains;
        this.diagnostics = diagnostics;
    }

    /**
     * The branches of {@code host}, which stands at {@code position} of {@code level}; {@code names}
     * maps the level's entry names to their positions.
     */
    List<BranchSpec> compile(PlacedEntry host, int position, Map<String, List<Integer>> names, Level level) {
        List<BranchChainConfig> configs = host.entry().branchChains();
        if (configs.isEmpty()) {
            return List.of();
        }
        List<BranchSpec> out = new ArrayList<>(configs.size());
        for (BranchChainConfig b : configs) {
            Diagnostics bd = diagnostics.scoped(host.filterScope().withBranch(b.name()));
            Level sub = level.branch(b.name());
            List<CompiledFilter> filters;
            if (sub.depth() > ConfigLimits.MAX_BRANCH_DEPTH) {
                report(bd, true, b.source().path(), b.source().line(), "branch sub-chain at nesting depth "
                        + sub.depth() + " (expected: at most " + ConfigLimits.MAX_BRANCH_DEPTH
                        + " levels of branch chains, named chain references included)");
                filters = List.of();
            } else {
                filters = levels.compile(expand(host, b), sub);
            }
            ResultMatcher onResult = b.onResult() == null ? null
                    : new ResultMatcher(b.onResult().filter(), b.onResult().key(), b.onResult().result());
            out.add(new BranchSpec(b.name(), onResult, filters, rejoin(b, position, names, level, bd),
                    b.maxIterations() == null ? 0 : b.maxIterations(), b.source()));
        }
        return out;
    }

    /**
     * The branch's chain references concatenated, in order (see
     * docs/behaviour/branches.md#branch-chains).
     */
    private List<PlacedEntry> expand(PlacedEntry host, BranchChainConfig b) {
        List<PlacedEntry> out = new ArrayList<>();
        for (ChainRef ref : b.chains()) {
            switch (ref) {
                case ChainRef.Named named -> {
                    FilterChainConfig chain = chains.get(named.chain());
                    // An unknown chain or a reference cycle was refused at load; expanding it here would not end.
                    if (chain == null || host.expansion().contains(chain.name())) {
                        continue;
                    }
                    List<String> expansion = new ArrayList<>(host.expansion());
                    expansion.add(chain.name());
                    for (FilterEntryConfig entry : chain.filters()) {
                        out.add(new PlacedEntry(entry, chain.conditions(), chain.name(),
                                FilterScope.chain(chain.name()), expansion));
                    }
                }
                case ChainRef.Inline inline -> {
                    for (FilterEntryConfig entry : inline.filters()) {
                        out.add(new PlacedEntry(entry, List.of(), inline.name(), host.scope().withBranch(b.name()),
                                host.expansion()));
                    }
                }
            }
        }
        return out;
    }

    private Rejoin rejoin(BranchChainConfig b, int position, Map<String, List<Integer>> names, Level level,
            Diagnostics bd) {
        Rejoin rejoin = switch (b.rejoin()) {
            case RejoinConfig.Next n -> Rejoin.NEXT;
            case RejoinConfig.Terminal t -> Rejoin.TERMINAL;
            case RejoinConfig.Target t -> target(t, b, position, names, level, bd);
        };
        ConfigPath path = b.source().path();
        if (b.maxIterations() != null && !(rejoin instanceof Rejoin.ReEnter)) {
            report(bd, false, path.key("max_iterations"), b.source().line(), "max_iterations has no effect: "
                    + "only a backward rejoin re-enters");
        }
        if (!level.top() && b.rejoin() instanceof RejoinConfig.Target t
                && (rejoin instanceof Rejoin.SkipTo || rejoin instanceof Rejoin.ReEnter)) {
            report(bd, false, t.source().path(), t.source().line(), "the jump of a branch inside "
                    + level.description() + " is discarded at runtime: only branches of top-level filters move the "
                    + "pipeline (docs/behaviour/branches.md#how-branches-run)");
        }
        return rejoin;
    }

    private Rejoin target(RejoinConfig.Target t, BranchChainConfig b, int position, Map<String, List<Integer>> names,
            Level level, Diagnostics bd) {
        List<Integer> at = names.getOrDefault(t.entryName(), List.of());
        ConfigPath path = t.source().path();
        int line = t.source().line();
        if (at.isEmpty()) {
            report(bd, true, path, line, "rejoin target '" + t.entryName() + "' not found in " + level.description()
                    + " (expected: the name of one of its filter entries)");
            return Rejoin.NEXT;
        }
        if (at.size() > 1) {
            report(bd, true, path, line, "rejoin target '" + t.entryName() + "' is ambiguous: the entries at positions "
                    + at + " of " + level.description() + " share it (expected: a name held by one entry; entry "
                    + "names span every chain the listener uses)");
            return Rejoin.NEXT;
        }
        int target = at.getFirst();
        if (target > position) {
            return new Rejoin.SkipTo(target);
        }
        if (b.maxIterations() == null) {
            report(bd, true, path, line, "backward rejoin '" + t.entryName() + "' requires max_iterations (expected: "
                    + "max_iterations from 1 to " + ConfigLimits.MAX_BRANCH_ITERATIONS
                    + ", bounding how often the branch re-enters per request)");
        }
        return new Rejoin.ReEnter(target);
    }

    private void report(Diagnostics d, boolean error, ConfigPath path, int line, String message) {
        if (!reported.add(path + "\n" + message)) {
            return;
        }
        if (error) {
            d.error(path, line, message);
        } else {
            d.warn(path, line, message);
        }
    }
}
