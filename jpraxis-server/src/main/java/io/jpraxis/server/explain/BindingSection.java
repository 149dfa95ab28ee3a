package io.jpraxis.server.explain;

import io.jpraxis.core.pipeline.check.BindingReport;
import io.jpraxis.core.pipeline.check.ClusterCoverage;
import io.jpraxis.core.pipeline.check.PipelineReport;
import java.util.List;

/**
 * The logical binding (see docs/behaviour/binding.md#what-a-binding-is): whether the pipeline binds
 * and which router binds, the cluster catalog (cluster and its application metadata) and, for each
 * cluster the router can bind, how its requests end on their paths: the load balancer or answering
 * filter that serves them, or the path on which nothing does.
 */
final class BindingSection implements ExplainSection {

    @Override
    public void write(PipelineReport report, List<String> lines) {
        BindingReport b = report.binding();
        if (!b.usesBinding()) {
            lines.add("  binding: no binding (no filter reads the logical upstream)");
            return;
        }
        lines.add("  binding: " + (b.router() == null ? "no binding router (no top-level router)"
                : b.router() + " binds"));
        lines.add("    catalog:");
        if (b.catalog().isEmpty()) {
            lines.add("      (no load_balancer declares a cluster)");
        }
        b.catalog().forEach((cluster, tags) -> lines.add("      " + cluster + ": " + tags));
        if (b.router() == null) {
            return;
        }
        lines.add("    coverage:");
        for (ClusterCoverage c : b.coverage()) {
            lines.add("      " + c.cluster() + (c.covered() ? ":" : ": NOT COVERED"));
            c.served().forEach(s -> lines.add("        " + s));
            c.failures().forEach(f -> lines.add("        fails: " + f));
        }
    }
}
