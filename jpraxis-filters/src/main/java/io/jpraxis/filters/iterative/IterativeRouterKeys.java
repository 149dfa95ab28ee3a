package io.jpraxis.filters.iterative;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.load.ChainKeys;
import io.jpraxis.filters.iterative.TransitionRule.Origin;
import java.util.List;

/** The keys of an {@code iterative_request_router} entry, its steps and their rules. */
public final class IterativeRouterKeys {
    private static final String NAME_RULE = "letters, digits, '_' or '-'";
    private static final ObjectDescriptor RULE = ObjectDescriptor.of("One transition rule: a predicate on the "
            + "step's result and where to go next.",
            key("default", KeyType.bool(), "Matches every result.").withDefault(false)
                    .withRule("at most one per step"),
            key("next", KeyType.text(), "The step to run next.").withRule("a step name; not with done"),
            key("done", KeyType.bool(), "Ends the iteration with this step's response.").withDefault(false),
            key("status", KeyType.listOf(KeyType.integer(100, 599), 1, null), "Matches these statuses."),
            key("origin", KeyType.choice(Origin.class), "Matches where the response came from."),
            key("transport_error", new KeyType.Choice(List.of("admission_timeout", "circuit_open", "connect", "io",
                    "deadline_exceeded", "response_too_large")), "Matches this kind of sub-request failure "
                    + "(circuit_open: the step's circuit_breaker or runtime.subrequest_circuit_breaker refused it).")
                    .withRule("only with origin: transport; circuit_open only with runtime.subrequest_circuit_breaker or a step circuit_breaker"),
            key("filter", new KeyType.Text(1, null), "The step filter whose published result is read.").withRule(NAME_RULE + "; with key and value"),
            key("key", new KeyType.Text(1, null), "The result's key.").withRule(NAME_RULE),
            key("value", new KeyType.Text(1, 256), "The result's value."));
    private static final ObjectDescriptor STEP = ObjectDescriptor.of("One step: a nested pipeline and its "
            + "transition rules.",
            key("name", new KeyType.Text(1, null), "The step's name, unique in the router.").asRequired()
                    .withRule(NAME_RULE),
            key("filters", KeyType.listOf(ChainKeys.ENTRY, 1, null), "The filters the step's sub-request runs "
                    + "through.").asRequired()
                    .withRule("no iterative_request_router, compression or branch_chains"),
            key("on_result", KeyType.listOf(KeyType.object(RULE)), "The transition rules, tried in order; the first match wins.")
                    .withDefault("[]"));

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Runs a request through steps, each a nested "
            + "pipeline, choosing the next step from the last one's result.",
            key("initial_step", KeyType.text(), "The step run first.").asRequired()
                    .withRule("the name of one of its steps"),
            key("max_iterations", KeyType.integer(1, IterativeRouterConfig.MAX_ITERATIONS_LIMIT), "Most "
                    + "sub-requests for one request (508 beyond).").withDefault(IterativeRouterConfig.DEFAULT_MAX_ITERATIONS),
            key("timeout_ms", KeyType.integer(1, IterativeRouterConfig.MAX_TIMEOUT_MS), "Deadline of the "
                    + "whole loop (504).").withDefault(IterativeRouterConfig.DEFAULT_TIMEOUT_MS),
            key("step_timeout_ms", KeyType.integer(1, IterativeRouterConfig.MAX_TIMEOUT_MS), "Budget for one "
                    + "step; unset: timeout_ms."),
            key("max_response_bytes", KeyType.integer(1, Long.MAX_VALUE), "Largest step response read whole "
                    + "(a HEAD's; other answers stream).")
                    .withDefault(IterativeRouterConfig.DEFAULT_MAX_RESPONSE_BYTES)
                    .withRule("lowered to body_limits.max_response_bytes and to 64 MiB"),
            key("max_stream_response_bytes", KeyType.integer(1, Long.MAX_VALUE), "Most body bytes "
                    + "of a streamed step answer sent to the client; past it the response is cut. Unset: no cap."),
            key("max_state_bytes", KeyType.integer(1, Long.MAX_VALUE), "Request plus response kept per step "
                    + "(413 beyond; a streamed answer counts the length it declares); also the request pre-read cap.").withDefault(IterativeRouterConfig.DEFAULT_MAX_STATE_BYTES)
                    .withRule("64 MiB holds whatever is set"),
            key("steps", KeyType.listOf(KeyType.object(STEP), 1, IterativeRouterConfig.MAX_STEPS), "The steps.")
                    .asRequired().withRule("unique names"));

    private IterativeRouterKeys() {
    }
}
