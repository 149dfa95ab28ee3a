package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.ClusterSelectionChecks.has;
import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import java.util.List;
import java.util.Set;

/**
 * {@code token_reader_order} (see docs/behaviour/ordering-checks.md#token-metadata-readers): the
 * {@code token.*} metadata is written by {@code token_count} in the response phase, and response
 * hooks run in reverse declared order, so a reader ({@code token_usage_headers}) declared after
 * the writer runs before it and never sees the counts. Only a warning: Praxis loads such a config,
 * and the reader is then harmless, merely idle. Filters are taken in declared order, branch
 * sub-chains after their host.
 */
final class TokenReaderOrdering implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.TOKEN_READER_ORDER);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        walk(graph, graph.nodes(), null, new CompiledFilter[1], findings);
    }

    /** Walks {@code level} in order; {@code writer[0]} is the first writer seen so far. */
    private static void walk(FlowGraph graph, List<CompiledFilter> level, BranchSpec branch, CompiledFilter[] writer,
            Findings findings) {
        for (CompiledFilter f : level) {
            if (writer[0] != null && has(f, FilterTrait.READS_TOKEN_USAGE)) {
                findings.warn(OrderingRule.TOKEN_READER_ORDER, f, branch, describe(f) + " of listener '"
                        + graph.listener() + "' reads the token.* metadata, but is declared after "
                        + describe(writer[0]) + ", which writes it; response hooks run in reverse order, so it runs "
                        + "first and never sees the counts (expected: declared before " + writer[0].filter().type()
                        + ")");
            }
            if (writer[0] == null && has(f, FilterTrait.WRITES_TOKEN_USAGE)) {
                writer[0] = f;
            }
            for (BranchSpec b : f.branches()) {
                walk(graph, b.filters(), b, writer, findings);
            }
        }
    }
}
