package io.jpraxis.core.pipeline.execute;

import io.jpraxis.core.binding.ClusterCatalog;
import io.jpraxis.core.context.FilterResults;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.Rejoin;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Evaluates a host filter's branches for one request (see
 * docs/behaviour/branches.md#how-branches-run): in declaration order, against the host's results
 * (snapshotted when the first branch fires, so a sibling's sub-chain cannot erase the next
 * sibling's inputs), each firing branch running its sub-chain's request hooks; results are cleared
 * afterwards whatever happened.
 *
 * <p>Like the top-level walk, it runs in plain loops and suspends only on an asynchronous filter
 * whose stage is not complete yet; the returned stage is then completed by that filter's thread.
 */
final class BranchEvaluator {
    private static final Logger log = LoggerFactory.getLogger(BranchEvaluator.class);
    static final String TERMINAL_WITHOUT_RESPONSE = "terminal branch produced no response";
    private static final CompletableFuture<BranchOutcome> CONTINUE = CompletableFuture.completedFuture(
            BranchOutcome.CONTINUE);
    private static final CompletableFuture<Optional<RequestOutcome>> RAN_THROUGH = CompletableFuture.completedFuture(
            Optional.empty());

    private final RequestContext ctx;
    private final boolean[] executed;
    /** Null unless the pipeline binds; a router in a branch (refused by validation) still publishes. */
    private final ClusterCatalog bindingCatalog;
    private final BindingPublisher.AtFreeze atFreeze;
    /** How often each re-entering branch fired in this request, by branch name; made on first use. */
    private Map<String, Integer> iterations;

    BranchEvaluator(RequestContext ctx, boolean[] executed, ClusterCatalog bindingCatalog,
            BindingPublisher.AtFreeze atFreeze) {
        this.ctx = ctx;
        this.executed = executed;
        this.bindingCatalog = bindingCatalog;
        this.atFreeze = atFreeze;
    }

    /** Evaluates {@code branches} of a host whose request hook just ran; clears the results afterwards. */
    CompletableFuture<BranchOutcome> evaluate(List<BranchSpec> branches) {
        if (branches.isEmpty()) {
            ctx.results().clear();
            return CONTINUE;
        }
        return evaluateFrom(branches, 0, null);
    }

    private CompletableFuture<BranchOutcome> evaluateFrom(List<BranchSpec> branches, int start, FilterResults snapshot) {
        for (int b = start; b < branches.size(); b++) {
            BranchSpec branch = branches.get(b);
            if (!fires(branch, snapshot != null ? snapshot : ctx.results()) || !withinIterations(branch)) {
                continue;
            }
            if (snapshot == null) {
                snapshot = ctx.results().copy();
            }
            log.debug("request {}: branch {} fires", ctx.requestId(), branch.name());
            CompletableFuture<Optional<RequestOutcome>> run = runFilters(branch.filters(), 0);
            if (!run.isDone()) {
                int next = b + 1;
                FilterResults inputs = snapshot;
                return run.thenCompose(end -> {
                    BranchOutcome outcome = afterSubChain(branch, end);
                    return outcome != null ? ended(outcome) : evaluateFrom(branches, next, inputs);
                });
            }
            BranchOutcome outcome = afterSubChain(branch, run.join());
            if (outcome != null) {
                return ended(outcome);
            }
        }
        return ended(BranchOutcome.CONTINUE);
    }

    private CompletableFuture<BranchOutcome> ended(BranchOutcome outcome) {
        // Also on SkipTo and ReEnter, so stale results cannot retrigger a branch (see
        // docs/behaviour/branches.md#how-branches-run).
        ctx.results().clear();
        return outcome == BranchOutcome.CONTINUE ? CONTINUE : CompletableFuture.completedFuture(outcome);
    }

    private static boolean fires(BranchSpec branch, FilterResults results) {
        return branch.unconditional() || branch.onResult().matches(results);
    }

    /**
     * Counts a firing re-entrance; past max_iterations the branch counts as not firing (see
     * docs/behaviour/branches.md#how-branches-run).
     */
    private boolean withinIterations(BranchSpec branch) {
        if (!(branch.rejoin() instanceof Rejoin.ReEnter) || branch.maxIterations() == 0) {
            return true;
        }
        if (iterations == null) {
            iterations = new HashMap<>();
        }
        int count = iterations.merge(branch.name(), 1, Integer::sum);
        if (count > branch.maxIterations()) {
            log.debug("request {}: branch {} reached max_iterations {}; not firing", ctx.requestId(), branch.name(),
                    branch.maxIterations());
            return false;
        }
        return true;
    }

    /** The outcome that ends the evaluation after {@code branch}'s sub-chain, or null for the next sibling. */
    private static BranchOutcome afterSubChain(BranchSpec branch, Optional<RequestOutcome> end) {
        if (end.isPresent()) {
            return new BranchOutcome.Stop(end.get());
        }
        return switch (branch.rejoin()) {
            case Rejoin.Next n -> null;
            case Rejoin.Terminal t -> BranchOutcome.TERMINAL;
            case Rejoin.SkipTo s -> new BranchOutcome.SkipTo(s.target());
            case Rejoin.ReEnter r -> new BranchOutcome.ReEnter(r.target());
        };
    }

    /** Runs a sub-chain from {@code from}: empty when it ran through, else the outcome that stopped it. */
    private CompletableFuture<Optional<RequestOutcome>> runFilters(List<CompiledFilter> filters, int from) {
        for (int j = from; j < filters.size(); j++) {
            CompiledFilter f = filters.get(j);
            if (!f.condition().test(ctx)) {
                continue;
            }
            HttpFilter filter = f.filter();
            FilterAction action;
            if (filter.isAsync()) {
                CompletableFuture<FilterAction> stage = FilterCalls.requestAsync(filter, ctx);
                if (!stage.isDone()) {
                    int index = j;
                    return stage.thenCompose(a -> {
                        CompletableFuture<Optional<RequestOutcome>> end = afterFilter(filters, index, a);
                        return end != null ? end : runFilters(filters, index + 1);
                    });
                }
                action = stage.join();
            } else {
                action = FilterCalls.request(filter, ctx);
            }
            CompletableFuture<Optional<RequestOutcome>> end = afterFilter(filters, j, action);
            if (end != null) {
                return end;
            }
        }
        return RAN_THROUGH;
    }

    /**
     * Applies one branch filter's action and then its own (nested) branches: null to go on with the
     * next filter of the sub-chain, else how the sub-chain ends (possibly still pending).
     */
    private CompletableFuture<Optional<RequestOutcome>> afterFilter(List<CompiledFilter> filters, int j,
            FilterAction action) {
        CompiledFilter f = filters.get(j);
        executed[f.index()] = true;
        RequestOutcome stop = FilterCalls.stopping(f, action, ctx);
        if (stop == null && bindingCatalog != null) {
            stop = BindingPublisher.afterContinue(bindingCatalog, f, ctx, atFreeze);
        }
        if (stop != null) {
            return CompletableFuture.completedFuture(Optional.of(stop));
        }
        CompletableFuture<BranchOutcome> nested = evaluate(f.branches());
        if (!nested.isDone()) {
            return nested.thenCompose(outcome -> {
                Optional<RequestOutcome> end = nestedEnd(f, outcome);
                return end.isPresent() ? CompletableFuture.completedFuture(end) : runFilters(filters, j + 1);
            });
        }
        Optional<RequestOutcome> end = nestedEnd(f, nested.join());
        return end.isPresent() ? CompletableFuture.completedFuture(end) : null;
    }

    /**
     * A nested branch cannot move the top-level walk: its jumps are discarded and the sub-chain
     * goes on; a nested terminal without a response fails closed (see
     * docs/behaviour/branches.md#how-branches-run).
     */
    private Optional<RequestOutcome> nestedEnd(CompiledFilter host, BranchOutcome outcome) {
        return switch (outcome) {
            case BranchOutcome.Continue c -> Optional.empty();
            case BranchOutcome.SkipTo s -> discarded(host, "skip");
            case BranchOutcome.ReEnter r -> discarded(host, "re-entrance");
            case BranchOutcome.Terminal t -> {
                log.warn("request {}: a nested terminal branch of filter {} produced no response; failing with 500",
                        ctx.requestId(), host.filter().type());
                yield Optional.of(new RequestOutcome.Reject(500, TERMINAL_WITHOUT_RESPONSE));
            }
            case BranchOutcome.Stop s -> Optional.of(s.outcome());
        };
    }

    private Optional<RequestOutcome> discarded(CompiledFilter host, String jump) {
        log.debug("request {}: discarding the {} of a nested branch of filter {}; only top-level branches move "
                + "the pipeline", ctx.requestId(), jump, host.filter().type());
        return Optional.empty();
    }
}
