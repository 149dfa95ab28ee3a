package io.jpraxis.filters.iterative;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.Names;
import io.jpraxis.core.subrequest.TransportError;
import io.jpraxis.filters.iterative.TransitionRule.Origin;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads one step's {@code on_result} rules and checks what one rule and one list show (see
 * docs/behaviour/iterative-router.md#steps-and-transitions); whether a {@code next} names a step is
 * checked by {@link IterativeRouterReader}, which knows them.
 */
final class TransitionRuleReader {
    private static final String TRANSPORT_ERRORS = "admission_timeout, circuit_open, connect, io, deadline_exceeded "
            + "or response_too_large";

    private TransitionRuleReader() {
    }

    /**
     * The step's rules; a rule with errors is reported and left out. {@code circuitBreaker}: the
     * step has a circuit that can open: a {@code circuit_breaker} among its filters, or {@code
     * runtime.subrequest_circuit_breaker}.
     */
    static List<TransitionRule> read(MapReader step, String stepName, Set<String> stepNames, boolean circuitBreaker) {
        List<ConfigNode> items = step.list("on_result").orElse(List.of());
        List<TransitionRule> out = new ArrayList<>();
        int defaults = 0;
        int firstDefault = -1;
        for (int i = 0; i < items.size(); i++) {
            ConfigPath path = step.path("on_result").index(i);
            MapReader r = MapReader.of(items.get(i), path, step.diagnostics());
            Optional<TransitionRule> rule = rule(r, stepNames, circuitBreaker);
            if (r.bool("default").orElse(false) && ++defaults == 2) {
                r.error("default", "a second default rule in this step (expected: at most one default: true rule "
                        + "per step; the first one always matches)");
            }
            if (rule.isPresent() && headerSafeFailover(rule.get()) && firstDefault >= 0) {
                // The streamed answer is committed once the rules before this one let it through
                // (see docs/behaviour/iterative-router.md#streamed-answers): this failover never runs.
                r.diagnostics().error(r.path(), r.line(), "a failover rule (next: '"
                        + ((TransitionRule.Next) rule.get().then()).step() + "' on status, origin or transport_error) "
                        + "after the default rule on_result[" + firstDefault + "] of step '" + stepName + "': it "
                        + "never matches, and the step's answer is committed to the client without it (expected: "
                        + "failover rules before the step's default rule)");
            }
            if (rule.isPresent() && rule.get().isDefault() && firstDefault < 0) {
                firstDefault = i;
            }
            rule.ifPresent(out::add);
        }
        return out;
    }

    /**
     * A rule that fails over on the response head alone: not default, {@code next}, and no
     * filter result (see docs/behaviour/iterative-router.md#streamed-answers).
     */
    static boolean headerSafeFailover(TransitionRule rule) {
        return !rule.isDefault() && rule.then() instanceof TransitionRule.Next && rule.result() == null;
    }

    private static Optional<TransitionRule> rule(MapReader r, Set<String> stepNames, boolean circuitBreaker) {
        boolean isDefault = r.bool("default").orElse(false);
        String next = r.string("next").orElse(null);
        boolean done = r.bool("done").orElse(false);
        List<Integer> status = status(r);
        Origin origin = r.enumValue("origin", Origin.class).orElse(null);
        TransportError kind = transportError(r, circuitBreaker);
        TransitionRule.ResultKey result = result(r, next);
        if (next != null && done) {
            r.error("done", "true together with next: '" + next + "' (expected: either next or done, they are "
                    + "mutually exclusive)");
        }
        if (next != null && !stepNames.contains(next)) {
            r.invalid("next", "the name of a step of this iterative_request_router: " + String.join(", ", stepNames));
        }
        if (!isDefault && next == null && !done) {
            r.error("next", "missing (expected: next or done: true on a rule that is not default: true)");
        }
        if (!isDefault && !r.has("filter") && !r.has("status") && !r.has("origin")) {
            r.diagnostics().error(r.path(), r.line(), "a rule without a predicate (expected: default: true, or at "
                    + "least one of filter (with key and value), status or origin)");
        }
        if (kind != null && origin != Origin.TRANSPORT) {
            r.invalid("transport_error", "only with origin: transport; a transport error exists only when the "
                    + "sub-request failed");
        }
        if (!r.finishCleanly()) {
            return Optional.empty();
        }
        TransitionRule.Then then = next != null ? new TransitionRule.Next(next) : new TransitionRule.Done();
        return Optional.of(new TransitionRule(isDefault, status, origin, kind, result, then));
    }

    private static List<Integer> status(MapReader r) {
        List<ConfigNode> items = r.list("status").orElse(null);
        if (items == null) {
            return List.of();
        }
        if (items.isEmpty()) {
            r.invalid("status", "a non-empty list of statuses from 100 to 599");
            return List.of();
        }
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            Scalars.integer(items.get(i), r.path("status").index(i), r.diagnostics(), 100, 599)
                    .ifPresent(v -> out.add(v.intValue()));
        }
        return out;
    }

    private static TransportError transportError(MapReader r, boolean circuitBreaker) {
        String name = r.string("transport_error").orElse(null);
        if (name == null) {
            return null;
        }
        for (TransportError kind : TransportError.values()) {
            if (kind.configName().equals(name)) {
                if (kind == TransportError.CIRCUIT_OPEN && !circuitBreaker) {
                    r.error("transport_error", "circuit_open, but no circuit can open for this step's sub-request "
                            + "(expected: runtime.subrequest_circuit_breaker, or a circuit_breaker among the step's "
                            + "filters, or another transport_error: " + TRANSPORT_ERRORS.replace("circuit_open, ", "")
                            + ")");
                    return null;
                }
                return kind;
            }
        }
        r.invalid("transport_error", TRANSPORT_ERRORS);
        return null;
    }

    /**
     * The filter/key/value triple: all three or none, each non-empty (see
     * docs/behaviour/iterative-router.md#steps-and-transitions).
     */
    private static TransitionRule.ResultKey result(MapReader r, String next) {
        String filter = r.string("filter").orElse(null);
        String key = r.string("key").orElse(null);
        String value = r.string("value").orElse(null);
        int set = (filter != null ? 1 : 0) + (key != null ? 1 : 0) + (value != null ? 1 : 0);
        if (set == 0) {
            return null;
        }
        if (filter == null && next != null) {
            r.diagnostics().error(r.path(), r.line(), (key != null ? "key: " + key : "value: " + value)
                    + " without filter on a rule with next: '" + next + "' is ambiguous: no step filter says whose "
                    + "result it reads (expected: filter, key and value all three, or none)");
            return null;
        }
        if (set < 3) {
            r.diagnostics().error(r.path(), r.line(), "filter: " + filter + ", key: " + key + ", value: " + value
                    + " (expected: filter, key and value all three, or none)");
            return null;
        }
        Diagnostics d = r.diagnostics();
        if (!Names.isName(filter)) {
            d.invalid(r.path("filter"), r.line("filter"), '"' + filter + '"', Names.NAME_RULE);
        }
        if (!Names.isName(key)) {
            d.invalid(r.path("key"), r.line("key"), '"' + key + '"', Names.NAME_RULE);
        }
        if (value.isEmpty() || value.length() > 256) {
            d.invalid(r.path("value"), r.line("value"), '"' + value + '"', "1 to 256 characters");
        }
        return new TransitionRule.ResultKey(filter, key, value);
    }
}
