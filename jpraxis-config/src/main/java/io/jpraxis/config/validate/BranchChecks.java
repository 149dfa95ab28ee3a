package io.jpraxis.config.validate;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.diag.FilterScope;
import io.jpraxis.config.model.BranchChainConfig;
import io.jpraxis.config.model.ChainRef;
import io.jpraxis.config.model.FilterChainConfig;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.ListenerConfig;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.read.Suggestions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The branch-chain rules (see docs/behaviour/branches.md#branch-chains) that no single entry can
 * check (they hold for {@code outbound_chain} references too; see
 * docs/behaviour/outbound-chains.md#outbound-chains): branch and inline-chain names unique across
 * the config (chain names included), named references to chains that exist, no reference cycle
 * among the chains listeners expand, and at most {@value ConfigLimits#MAX_BRANCHES_TOTAL} branches
 * and inline chains in all. Entries the loader cannot read (those in a filter's own options, such
 * as an {@code iterative_request_router} step's) join the same rules when the build reads them:
 * {@link #forBuild} and {@link #nested}.
 */
public final class BranchChecks {
    /** Where findings go; a build's ledger replays the loader's part into a discarded sink. */
    private Diagnostics d;
    /** Every name taken so far, with what took it (for the "already used by" hint). */
    private final Map<String, String> taken = new HashMap<>();
    /** Per chain, the named references its entries make at any depth, in document order. */
    private final Map<String, List<Reference>> references = new LinkedHashMap<>();
    private final Set<String> chainNames = new TreeSet<>();
    private int branchNames;
    /** The search over the loader's part, kept so the build continues it from the chains steps name. */
    private CycleSearch cycles;

    private BranchChecks(Diagnostics d) {
        this.d = d;
    }

    /** Reports every problem to {@code d}; {@code chainsPath} is where {@code filter_chains} stands. */
    public static void check(List<FilterChainConfig> chains, List<ListenerConfig> listeners, ConfigPath chainsPath,
            Diagnostics d) {
        BranchChecks checks = load(chains, listeners, d);
        if (checks.branchNames > ConfigLimits.MAX_BRANCHES_TOTAL) {
            d.invalid(chainsPath, 0, checks.branchNames + " branches and inline branch chains",
                    "at most " + ConfigLimits.MAX_BRANCHES_TOTAL + " in the config");
        }
    }

    private static BranchChecks load(List<FilterChainConfig> chains, List<ListenerConfig> listeners, Diagnostics d) {
        BranchChecks checks = new BranchChecks(d);
        for (FilterChainConfig chain : chains) {
            checks.chainNames.add(chain.name());
            checks.taken.putIfAbsent(chain.name(), "the filter chain at line " + chain.source().line());
        }
        for (FilterChainConfig chain : chains) {
            List<Reference> refs = new ArrayList<>();
            checks.references.putIfAbsent(chain.name(), refs);
            checks.entries(chain.filters(), FilterScope.chain(chain.name()), refs);
        }
        checks.cycles = new CycleSearch(checks.references, d);
        checks.cycles.from(listeners);
        return checks;
    }

    /**
     * The loader's checks over {@code chains} replayed without reporting (the loader did), so that
     * a build can hold the entries only it reads to the same names, references, cycle search and
     * total through {@link #nested}.
     */
    public static BranchChecks forBuild(List<FilterChainConfig> chains, List<ListenerConfig> listeners) {
        BranchChecks checks = load(chains, listeners, new Diagnostics());
        checks.loaderTotal = checks.branchNames;
        return checks;
    }

    /** What the loader counted, so the build reports the total only when its entries push it over. */
    private int loaderTotal;

    /**
     * Holds {@code entries}, which stand inside a filter's own options under {@code scope}, to the
     * rules: their branch and inline chain names are claimed, their named references must exist, the
     * chains they name are searched for cycles (a chain no listener expands was not), and they count
     * toward the total. Reports to {@code out}.
     */
    public void nested(List<FilterEntryConfig> entries, FilterScope scope, Diagnostics out) {
        d = out;
        List<Reference> refs = new ArrayList<>();
        entries(entries, scope, refs);
        for (Reference r : refs) {
            cycles.visitTarget(r.ref().chain(), out);
        }
    }

    /** Reports the total when the entries {@link #nested} read push it over the limit the loader checked. */
    public void finish(ConfigPath chainsPath, Diagnostics out) {
        if (branchNames > ConfigLimits.MAX_BRANCHES_TOTAL && loaderTotal <= ConfigLimits.MAX_BRANCHES_TOTAL) {
            out.invalid(chainsPath, 0, branchNames + " branches and inline branch chains, "
                    + (branchNames - loaderTotal) + " of them inside filters' nested pipelines",
                    "at most " + ConfigLimits.MAX_BRANCHES_TOTAL + " in the config");
        }
    }

    private void entries(List<FilterEntryConfig> entries, FilterScope chainScope, List<Reference> refs) {
        for (FilterEntryConfig entry : entries) {
            FilterScope host = chainScope.withFilter(entry.filterType(), entry.name());
            outbound(entry.outboundChain(), host, refs);
            for (BranchChainConfig branch : entry.branchChains()) {
                Diagnostics bd = d.scoped(host.withBranch(branch.name()));
                claim(branch.name(), "branch", branch.source(), bd);
                for (ChainRef ref : branch.chains()) {
                    switch (ref) {
                        case ChainRef.Named named -> named(named, branch, bd, refs);
                        case ChainRef.Inline inline -> {
                            claim(inline.name(), "inline chain", inline.source(), bd);
                            entries(inline.filters(), host.withBranch(branch.name()), refs);
                        }
                    }
                }
            }
        }
    }

    /**
     * An {@code outbound_chain} (see docs/behaviour/outbound-chains.md#outbound-chains) takes part in
     * the same rules as a branch's chains: a named one must exist and joins the cycle search (a chain
     * reaching itself through outbound references never finishes building), an inline one claims its
     * name and counts toward the total.
     */
    private void outbound(ChainRef ref, FilterScope host, List<Reference> refs) {
        if (ref == null) {
            return;
        }
        Diagnostics hd = d.scoped(host);
        switch (ref) {
            case ChainRef.Named named -> {
                if (!chainNames.contains(named.chain())) {
                    hd.error(named.source().path(), named.source().line(), "outbound_chain references unknown filter "
                            + "chain '" + named.chain() + "'" + Suggestions.hint(named.chain(), chainNames));
                } else {
                    refs.add(new Reference(named, host));
                }
            }
            case ChainRef.Inline inline -> {
                claim(inline.name(), "inline chain", inline.source(), hd);
                entries(inline.filters(), host, refs);
            }
        }
    }

    private void named(ChainRef.Named ref, BranchChainConfig branch, Diagnostics bd, List<Reference> refs) {
        if (!chainNames.contains(ref.chain())) {
            bd.error(ref.source().path(), ref.source().line(), "branch '" + branch.name()
                    + "' references unknown filter chain '" + ref.chain() + "'"
                    + Suggestions.hint(ref.chain(), chainNames));
            return;
        }
        refs.add(new Reference(ref, bd.scope()));
    }

    private void claim(String name, String kind, SourceRef source, Diagnostics bd) {
        String previous = taken.putIfAbsent(name, "the " + kind + " at line " + source.line());
        if (previous != null) {
            bd.invalid(source.path().key("name"), source.line(), '"' + name + '"',
                    (kind.startsWith("i") ? "an " : "a ") + kind + " name unique across the config; already used by "
                            + previous);
        } else {
            branchNames++;
        }
    }

    /** A named reference and the diagnostics scope of the branch or filter that makes it. */
    record Reference(ChainRef.Named ref, FilterScope scope) {
    }
}
