package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code model_catalog_without_route} (see docs/behaviour/ordering-checks.md#model-listings): a
 * model listing that lists the models of its pipeline ({@link FilterTrait#LISTS_MODELS}) needs a
 * filter that names them ({@link FilterTrait#NAMES_MODELS}) somewhere in the same pipeline, at the
 * top level or in a branch, before or after it: it reads them per request, so the position does
 * not matter, and with none it would list nothing on every request.
 */
final class ModelListingCheck implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.MODEL_CATALOG_WITHOUT_ROUTE);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        List<Listing> listings = new ArrayList<>();
        boolean[] named = {false};
        for (int i = 0; i < graph.size(); i++) {
            visit(graph.node(i), null, "at " + graph.at(i), listings, named);
        }
        BranchSlot.forEach(graph, slot -> visit(slot.filter(), slot.branch(), "in branch '" + slot.branch().name()
                + "' of listener '" + graph.listener() + "'", listings, named));
        if (named[0]) {
            return;
        }
        for (Listing l : listings) {
            findings.error(OrderingRule.MODEL_CATALOG_WITHOUT_ROUTE, l.filter(), l.branch(), describe(l.filter()) + " "
                    + l.where() + " lists the models of its pipeline's intelligent_route candidates, but the pipeline "
                    + "has no intelligent_route, so it would list no model (expected: an intelligent_route in the "
                    + "pipeline, or models of the catalog's own)");
        }
    }

    /** A listing filter and where it stands; {@code branch} null at the top level. */
    private record Listing(CompiledFilter filter, BranchSpec branch, String where) {
    }

    private static void visit(CompiledFilter f, BranchSpec branch, String where, List<Listing> listings,
            boolean[] named) {
        named[0] |= ClusterSelectionChecks.has(f, FilterTrait.NAMES_MODELS);
        if (ClusterSelectionChecks.has(f, FilterTrait.LISTS_MODELS)) {
            listings.add(new Listing(f, branch, where));
        }
    }
}
