package io.jpraxis.filters.iterative;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.load.FilterEntryReader;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.Names;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.traffic.circuitbreaker.CircuitBreakerFactory;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads an {@code iterative_request_router}'s own keys into {@link IterativeRouterConfig} and
 * checks every limit and rejection (see docs/behaviour/iterative-router.md#steps-and-transitions)
 * that the config itself shows; the step pipelines' own checks run when {@link StepCompiler} builds
 * them.
 */
final class IterativeRouterReader {
    private IterativeRouterReader() {
    }

    /** The config, or empty when anything was wrong (each problem reported with its path). */
    static Optional<IterativeRouterConfig> read(MapReader r, FilterReadContext context) {
        String initial = r.requiredString("initial_step");
        int maxIterations = r.integer("max_iterations")
                .map(Long::intValue).orElse(IterativeRouterConfig.DEFAULT_MAX_ITERATIONS);
        long timeout = r.integer("timeout_ms")
                .orElse(IterativeRouterConfig.DEFAULT_TIMEOUT_MS);
        long stepTimeout = r.integer("step_timeout_ms").orElse(timeout);
        long maxResponse = r.integer("max_response_bytes")
                .orElse(IterativeRouterConfig.DEFAULT_MAX_RESPONSE_BYTES);
        Long responseLimit = context.bodyLimits().maxResponseBytes();
        if (responseLimit != null) {
            maxResponse = Math.min(maxResponse, responseLimit); // Clamped to the pipeline's limit (see docs/behaviour/iterative-router.md#steps-and-transitions)
        }
        maxResponse = Math.min(maxResponse, BodyLimits.ABSOLUTE_CAP_BYTES); // a buffered body (see docs/behaviour/body-access.md#body-limits)
        Long maxStream = r.integer("max_stream_response_bytes").orElse(null);
        long maxState = r.integer("max_state_bytes")
                .orElse(IterativeRouterConfig.DEFAULT_MAX_STATE_BYTES);
        List<StepConfig> steps = steps(r, context);
        if (initial != null && !steps.isEmpty() && steps.stream().noneMatch(s -> s.name().equals(initial))) {
            r.invalid("initial_step", "the name of one of its steps: " + String.join(", ", names(steps)));
        }
        if (!r.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(new IterativeRouterConfig(initial, steps, maxIterations, timeout, stepTimeout, maxResponse,
                maxStream, maxState, r.node().get("steps").orElseThrow()));
    }

    private static List<StepConfig> steps(MapReader r, FilterReadContext context) {
        if (!r.require("steps")) {
            r.skip("steps");
            return List.of();
        }
        List<ConfigNode> items = r.list("steps").orElse(List.of());
        if (items.isEmpty() || items.size() > IterativeRouterConfig.MAX_STEPS) {
            r.invalid("steps", "1 to " + IterativeRouterConfig.MAX_STEPS + " steps (found " + items.size() + ")");
        }
        Set<String> stepNames = declaredNames(items);
        List<StepConfig> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (int i = 0; i < items.size(); i++) {
            MapReader s = MapReader.of(items.get(i), r.path("steps").index(i), r.diagnostics());
            String name = s.requiredString("name");
            if (name != null && !Names.checkName(name, s.path("name"), s.line("name"), s.diagnostics())) {
                name = null;
            }
            if (name != null && !seen.add(name)) {
                s.error("name", "duplicate step name '" + name + "' (expected: unique step names)");
            }
            List<FilterEntryConfig> filters = filters(s, context);
            // circuit_open can happen when the step's own circuit_breaker refuses, or the sub-request breaker does.
            boolean breaker = context.runtime().subrequests().circuitBreaker() != null
                    || filters.stream().anyMatch(f -> f.filterType().equals(CircuitBreakerFactory.TYPE));
            List<TransitionRule> rules = TransitionRuleReader.read(s, name == null ? "?" : name, stepNames, breaker);
            if (s.finishCleanly() && name != null) {
                out.add(new StepConfig(name, filters, rules));
            }
        }
        return out;
    }

    private static List<FilterEntryConfig> filters(MapReader s, FilterReadContext context) {
        if (!s.require("filters")) {
            s.skip("filters");
            return List.of();
        }
        List<ConfigNode> items = s.list("filters").orElse(List.of());
        if (items.isEmpty()) {
            s.invalid("filters", "at least one filter entry (a step sends its sub-request through them)");
        }
        List<FilterEntryConfig> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            ConfigPath path = s.path("filters").index(i);
            FilterEntryReader.read(items.get(i), path, s.diagnostics(), context.features())
                    .filter(e -> allowedInStep(e, s.diagnostics()))
                    .ifPresent(out::add);
        }
        return out;
    }

    /**
     * No nested IRR, no compression, no branches on step filters (see
     * docs/behaviour/iterative-router.md#steps-and-transitions).
     */
    private static boolean allowedInStep(FilterEntryConfig e, Diagnostics d) {
        ConfigPath path = e.source().path();
        int line = e.source().line();
        if (IterativeRouterFactory.TYPE.equals(e.filterType())) {
            d.error(path.key("filter"), line, "nested iterative_request_router not allowed (expected: ordinary "
                    + "filters in a step; chain steps with on_result next instead)");
            return false;
        }
        if ("compression".equals(e.filterType())) {
            d.error(path.key("filter"), line, "compression not allowed in an iterative_request_router step "
                    + "(expected: compression, if any, outside the router; the router reads step responses whole)");
            return false;
        }
        if (!e.branchChains().isEmpty()) {
            d.error(path.key("branch_chains"), line, "branch_chains on a filter of an iterative_request_router step "
                    + "(expected: none; use step-level on_result instead)");
            return false;
        }
        return true;
    }

    /** Names written in the list, so a rule's {@code next} is checked even while a step has other errors. */
    private static Set<String> declaredNames(List<ConfigNode> items) {
        Set<String> names = new LinkedHashSet<>();
        for (ConfigNode item : items) {
            if (item instanceof ConfigNode.MapNode m && m.get("name").orElse(null) instanceof ConfigNode.ScalarNode n) {
                names.add(n.text());
            }
        }
        return names;
    }

    private static List<String> names(List<StepConfig> steps) {
        return steps.stream().map(StepConfig::name).toList();
    }
}
