package io.jpraxis.filters.iterative;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.pipeline.BindingScan;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.NestedPipelines.Nesting;
import io.jpraxis.core.pipeline.NestedStep;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds each step's nested pipeline through the build's {@code NestedPipelines} (all ordering
 * checks, binding assumed; see docs/behaviour/iterative-router.md#step-checks), finds the steps
 * reachable from {@code initial_step} (following each step's rules up to its first default; the
 * others only warn) and the reachable ones that read the logical binding.
 */
final class StepCompiler {
    private StepCompiler() {
    }

    /** The compiled steps, or empty when any step failed to build (its problems are reported). */
    static Optional<Steps> compile(IterativeRouterConfig config, ConfigPath path, ConfigNode.MapNode options,
            FilterReadContext context, Diagnostics d) {
        Map<String, CompiledStep> byName = new LinkedHashMap<>();
        List<ConfigNode> items = options.get("steps").orElse(null) instanceof ConfigNode.ListNode l ? l.items()
                : List.of();
        boolean failed = false;
        for (int i = 0; i < config.steps().size(); i++) {
            StepConfig step = config.steps().get(i);
            int line = i < items.size() ? items.get(i).line() : options.line();
            Optional<CompiledPipeline> pipeline = context.nested().build(
                    Nesting.irrStep(step.name(), path.key("steps").index(i), line), step.filters(), d);
            if (pipeline.isEmpty()) {
                failed = true;
                continue;
            }
            byName.put(step.name(), new CompiledStep(step, pipeline.get(), readsBinding(pipeline.get())));
        }
        if (failed) {
            byName.values().forEach(s -> s.pipeline().close());
            return Optional.empty();
        }
        Set<String> reachable = reachable(config);
        for (int i = 0; i < config.steps().size(); i++) {
            StepConfig step = config.steps().get(i);
            if (!reachable.contains(step.name())) {
                d.warn(path.key("steps").index(i).key("name"), i < items.size() ? items.get(i).line() : 0,
                        "step '" + step.name() + "' is unreachable from initial_step '" + config.initialStep()
                                + "' (no on_result rule up to a step's first default leads to it); it never runs");
            }
        }
        List<NestedStep> readers = new ArrayList<>();
        for (CompiledStep s : byName.values()) {
            if (reachable.contains(s.config().name()) && s.readsBinding()) {
                readers.add(new NestedStep(s.config().name(), s.pipeline()));
            }
        }
        return Optional.of(new Steps(byName, readers));
    }

    private static boolean readsBinding(CompiledPipeline pipeline) {
        for (CompiledFilter f : pipeline.filters()) {
            if (BindingScan.readsBinding(f, Map.of())) {
                return true;
            }
        }
        return false;
    }

    /** Steps a request can run: from the initial one along {@code next}, each step's rules read up to its first default. */
    static Set<String> reachable(IterativeRouterConfig config) {
        Set<String> seen = new LinkedHashSet<>();
        Deque<String> work = new ArrayDeque<>();
        seen.add(config.initialStep());
        work.add(config.initialStep());
        while (!work.isEmpty()) {
            for (TransitionRule rule : config.step(work.poll()).onResult()) {
                if (rule.then() instanceof TransitionRule.Next n && seen.add(n.step())) {
                    work.add(n.step());
                }
                if (rule.isDefault()) {
                    break; // rules after the first default never match
                }
            }
        }
        return seen;
    }

    /** A built step. */
    record CompiledStep(StepConfig config, CompiledPipeline pipeline, boolean readsBinding) {
    }

    /** Every built step by name, and the reachable ones that read the binding, in step order. */
    record Steps(Map<String, CompiledStep> byName, List<NestedStep> bindingReaders) {
        Steps {
            byName = Map.copyOf(byName);
            bindingReaders = List.copyOf(bindingReaders);
        }
    }
}
