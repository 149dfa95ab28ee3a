package io.jpraxis.server.explain;

import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.config.model.ResultMatch;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.Rejoin;
import io.jpraxis.core.pipeline.check.FlowGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** How {@code explain} names filters, branches and rejoins, shared by the text and DOT forms. */
final class Labels {
    private Labels() {
    }

    /** {@code rate_limit 'edge' (chain main; conditional; security)}. */
    static String filter(CompiledFilter f) {
        List<String> facts = new ArrayList<>();
        facts.add("chain " + f.chain());
        if (f.conditional()) {
            facts.add("conditional");
        }
        if (f.failureMode() == FailureMode.OPEN) {
            facts.add("failure_mode: open");
        }
        f.declaration().traits().stream().map(t -> t.name().toLowerCase(Locale.ROOT)).sorted().forEach(facts::add);
        return FlowGraph.describe(f) + " (" + String.join("; ", facts) + ")";
    }

    /** {@code on_result router.status = matched}, or {@code unconditional}. */
    static String trigger(BranchSpec b) {
        if (b.unconditional()) {
            return "unconditional";
        }
        String at = "on_result " + b.onResult().filterType() + "." + b.onResult().key();
        return at + switch (b.onResult().match()) {
            case ResultMatch.Exact e -> " = " + e.value();
            case ResultMatch.Contains c -> " contains " + c.value();
            case ResultMatch.Not n -> " not " + n.value();
            case ResultMatch.AnyOf a -> " any_of " + String.join(", ", a.values());
        };
    }

    /** Where the branch resumes: {@code next}, {@code terminal}, {@code skip to [3] 'route'}, ... */
    static String rejoin(BranchSpec b, List<CompiledFilter> level) {
        return switch (b.rejoin()) {
            case Rejoin.Next n -> "next";
            case Rejoin.Terminal t -> "terminal";
            case Rejoin.SkipTo s -> "skip to " + target(s.target(), level);
            case Rejoin.ReEnter r -> "re-enter " + target(r.target(), level) + ", max_iterations "
                    + b.maxIterations();
        };
    }

    private static String target(int index, List<CompiledFilter> level) {
        String name = index < level.size() ? level.get(index).entry().name() : null;
        return "[" + index + "]" + (name == null ? "" : " '" + name + "'");
    }
}
