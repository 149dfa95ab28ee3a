package io.jpraxis.core.pipeline.check;

import io.jpraxis.config.diag.FilterScope;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Where rule families report. Each finding is placed on a filter entry (or a branch), so its
 * diagnostic carries that YAML path and line and names the filter type, entry name, chain and
 * branch (see docs/behaviour/config-loading.md#diagnostics); the message names the listener and
 * what to change.
 */
final class Findings {
    private final InsecureOptions options;
    private final Map<OrderingRule, List<Found>> found = new EnumMap<>(OrderingRule.class);

    Findings(InsecureOptions options) {
        this.options = options;
    }

    /** The insecure options of the config, for checks an option turns into a warning. */
    InsecureOptions options() {
        return options;
    }

    /** An error about {@code filter}, which stands in the sub-chain of {@code branch} (null at top level). */
    void error(OrderingRule check, CompiledFilter filter, BranchSpec branch, String message) {
        add(check, true, filter.entry().source(), scope(filter, branch), message);
    }

    /** A warning about {@code filter}, placed as {@link #error} places it. */
    void warn(OrderingRule check, CompiledFilter filter, BranchSpec branch, String message) {
        add(check, false, filter.entry().source(), scope(filter, branch), message);
    }

    /** A warning about {@code branch} itself, placed as {@link #branchError} places it. */
    void branchWarn(OrderingRule check, CompiledFilter host, BranchSpec branch, String message) {
        add(check, false, branch.source(), scope(host, null).withBranch(branch.name()), message);
    }

    /** An error about {@code branch} itself, a branch of {@code host}. */
    void branchError(OrderingRule check, CompiledFilter host, BranchSpec branch, String message) {
        add(check, true, branch.source(), scope(host, null).withBranch(branch.name()), message);
    }

    private void add(OrderingRule check, boolean error, SourceRef at, FilterScope scope, String message) {
        found.computeIfAbsent(check, c -> new ArrayList<>()).add(new Found(error, at, scope, message));
    }

    private static FilterScope scope(CompiledFilter f, BranchSpec branch) {
        return new FilterScope(f.filter().type(), f.entry().name(), f.chain(), branch == null ? null : branch.name());
    }

    /** What {@code check} found, in the order reported. */
    List<Found> of(OrderingRule check) {
        return found.getOrDefault(check, List.of());
    }

    /** One finding before the runner decides its final severity. */
    record Found(boolean error, SourceRef at, FilterScope scope, String message) {
    }
}
