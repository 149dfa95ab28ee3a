package io.jpraxis.core.pipeline;

import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.core.binding.ClusterCatalog;
import io.jpraxis.core.filter.FilterTrait;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Decides at build time whether a pipeline binds (see
 * docs/behaviour/binding.md#when-a-pipeline-binds) and folds its cluster catalog. A pipeline binds
 * when some filter, at the top level or in any branch, reads the logical binding: a {@code
 * bound_upstream} condition in its gate (chain conditions included) or a trait of {@link
 * FilterTrait#READS_BINDING}. Routers are never promoted just because they exist.
 */
public final class BindingScan {
    /** A pipeline that reads no binding (built in code, or with the upstream-binding feature off). */
    public static final BindingScan NONE = new BindingScan(false, ClusterCatalog.EMPTY);

    private final boolean usesBinding;
    private final ClusterCatalog catalog;

    private BindingScan(boolean usesBinding, ClusterCatalog catalog) {
        this.usesBinding = usesBinding;
        this.catalog = catalog;
    }

    /**
     * Scans {@code topLevel} and every branch below it.
     *
     * @param chainConditions the conditions each named chain puts on its entries (see
     * docs/behaviour/config-loading.md#named-chains)
     */
    public static BindingScan of(List<CompiledFilter> topLevel, Map<String, List<ConditionConfig>> chainConditions) {
        return of(topLevel, chainConditions, false);
    }

    /**
     * Scans {@code topLevel} and every branch below it; with {@code boundBodyHook} (feature
     * bound-upstream-request-body) a filter whose body work runs at the bound-upstream barrier
     * reads the binding too (see docs/behaviour/binding.md#when-a-pipeline-binds).
     */
    public static BindingScan of(List<CompiledFilter> topLevel, Map<String, List<ConditionConfig>> chainConditions,
            boolean boundBodyHook) {
        ClusterCatalog.Builder catalog = new ClusterCatalog.Builder();
        boolean[] reads = {false};
        walk(topLevel, null, chainConditions, catalog, reads, boundBodyHook);
        return new BindingScan(reads[0], catalog.build());
    }

    private static void walk(List<CompiledFilter> level, String branch, Map<String, List<ConditionConfig>> chainConditions,
            ClusterCatalog.Builder catalog, boolean[] reads, boolean boundBodyHook) {
        for (CompiledFilter f : level) {
            if (readsBinding(f, chainConditions) || (boundBodyHook
                    && RequestBodyPhase.of(f.declaration(), false, true) == RequestBodyPhase.BARRIER)) {
                reads[0] = true;
            }
            String where = f.filter().type() + (f.entry().name() == null ? "" : " '" + f.entry().name() + "'")
                    + (branch == null ? "" : " in branch '" + branch + "'");
            f.declaration().clusters().declaredTags().forEach((cluster, tags) -> catalog.declare(cluster, tags, where));
            for (BranchSpec b : f.branches()) {
                walk(b.filters(), b.name(), chainConditions, catalog, reads, boundBodyHook);
            }
        }
    }

    /**
     * Whether {@code f} itself reads the binding: a bound condition in its gate, a binding-reading
     * trait, or nested steps that read it.
     */
    public static boolean readsBinding(CompiledFilter f, Map<String, List<ConditionConfig>> chainConditions) {
        if (f.declaration().traits().contains(FilterTrait.READS_BINDING) || !f.declaration().nested().bindingReaders().isEmpty()) {
            return true;
        }
        return hasBoundCondition(f.entry().conditions())
                || hasBoundCondition(chainConditions.getOrDefault(f.chain(), List.of()));
    }

    /** Whether {@code conditions} hold a {@code bound_upstream} predicate. */
    public static boolean hasBoundCondition(List<ConditionConfig> conditions) {
        for (ConditionConfig c : conditions) {
            if (c.predicate() != null && c.predicate().boundUpstream() != null) {
                return true;
            }
        }
        return false;
    }

    /** Whether the pipeline reads the binding anywhere, so its routers become binding routers. */
    public boolean usesBinding() {
        return usesBinding;
    }

    /** Every load balancer declaration, first wins; conflicts kept for the agreement rule. */
    public ClusterCatalog catalog() {
        return catalog;
    }

    /** For tests and explain: the names of the bindable clusters' declarations. */
    public List<String> declaredClusters() {
        return new ArrayList<>(catalog.all().keySet());
    }
}
