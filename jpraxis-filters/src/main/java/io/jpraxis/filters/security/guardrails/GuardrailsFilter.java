package io.jpraxis.filters.security.guardrails;

import io.jpraxis.core.context.Extensions;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.filters.security.guardrails.GuardrailRule.Phase;
import io.jpraxis.filters.security.guardrails.GuardrailRule.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code guardrails} (see docs/reference/filters/guardrails.md): refuses or flags requests whose
 * headers or body trigger a rule, and, as a jpraxis extension, refuses responses that do. The
 * request body is inspected whole at pre-read, before any routing; a response body is withheld
 * by the edge and inspected at its end, so nothing of a refused body reaches the client.
 */
final class GuardrailsFilter implements HttpFilter {
    private static final Logger log = LoggerFactory.getLogger(GuardrailsFilter.class);
    static final String STATUS = "status";
    static final String BLOCKED = "blocked";
    static final String PASSED = "passed";

    private final GuardrailsConfig config;
    private final List<CompiledRule> requestHeaders = new ArrayList<>();
    private final List<CompiledRule> requestBody = new ArrayList<>();
    private final List<CompiledRule> responseHeaders = new ArrayList<>();
    private final List<CompiledRule> responseBody = new ArrayList<>();
    /** This instance's response copy; an identity key, so two guardrails entries never share one. */
    private final Extensions.Key<BodyCopy> responseCopy = new Extensions.Key<>("guardrails.response_body",
            BodyCopy.class);

    GuardrailsFilter(GuardrailsConfig config) {
        this.config = config;
        for (int i = 0; i < config.rules().size(); i++) {
            GuardrailRule rule = config.rules().get(i);
            CompiledRule compiled = new CompiledRule(rule, i);
            boolean request = rule.phase() == Phase.REQUEST;
            boolean header = rule.target() == Target.HEADER;
            (request ? (header ? requestHeaders : requestBody) : (header ? responseHeaders : responseBody))
                    .add(compiled);
        }
    }

    @Override
    public String type() {
        return GuardrailsFactory.TYPE;
    }

    @Override
    public GuardrailsConfig config() {
        return config;
    }

    /** At pre-read, over the whole request body (never called for a request without one). */
    @Override
    public FilterAction onRequestBody(RequestContext ctx, BodyChunk body) {
        if (!body.endOfStream()) {
            return FilterAction.CONTINUE; // the rules run on the whole body
        }
        if (config.rejectOversized() && body.length() >= GuardrailsConfig.MAX_BODY_BYTES) {
            publish(ctx, BLOCKED);
            return FilterAction.reject(413, "guardrails: request body too large to inspect");
        }
        Optional<String> trigger = RuleEvaluation.body(requestBody, body.toByteArray());
        publish(ctx, trigger.isPresent() ? BLOCKED : PASSED);
        return trigger.map(why -> refuse(ctx, why)).orElse(FilterAction.BODY_DONE);
    }

    /** After the body hook (when there was a body): the header rules, then the result. */
    @Override
    public FilterAction onRequest(RequestContext ctx) {
        Optional<String> trigger = RuleEvaluation.headers(requestHeaders, ctx.headers());
        boolean blockedByBody = ctx.results().get(GuardrailsFactory.TYPE, STATUS).filter(BLOCKED::equals).isPresent();
        publish(ctx, trigger.isPresent() || blockedByBody ? BLOCKED : PASSED); // blocked is never downgraded
        return trigger.map(why -> refuse(ctx, why)).orElse(FilterAction.CONTINUE);
    }

    @Override
    public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        Optional<String> trigger = RuleEvaluation.headers(responseHeaders, response.headers());
        return trigger.map(why -> refuseResponse(ctx, why)).orElse(FilterAction.CONTINUE);
    }

    /** Each response piece is copied; the rules run once the last one has arrived. */
    @Override
    public FilterAction onResponseBody(RequestContext ctx, BodyChunk body) {
        BodyCopy copy = ctx.extensions().get(responseCopy).orElse(null);
        if (copy == null) {
            copy = new BodyCopy();
            ctx.extensions().put(responseCopy, copy);
        }
        copy.append(body);
        if (config.rejectOversized() && copy.length() >= GuardrailsConfig.MAX_BODY_BYTES) {
            ctx.extensions().remove(responseCopy);
            log.info("guardrails: request {}: response body too large to inspect; aborting it", ctx.requestId());
            return FilterAction.reject(502, "guardrails: response body too large to inspect");
        }
        if (!body.endOfStream()) {
            return FilterAction.CONTINUE; // keep withholding until the body is whole
        }
        ctx.extensions().remove(responseCopy);
        if (copy.length() == 0) {
            return FilterAction.BODY_DONE; // no body delivered: nothing to inspect, as on the request side
        }
        Optional<String> trigger = RuleEvaluation.body(responseBody, copy.toByteArray());
        return trigger.map(why -> refuseResponse(ctx, why)).orElse(FilterAction.BODY_DONE);
    }

    private FilterAction refuse(RequestContext ctx, String why) {
        if (config.action() == GuardrailsConfig.Action.FLAG) {
            log.info("guardrails: request {} flagged ({})", ctx.requestId(), why);
            return FilterAction.CONTINUE;
        }
        log.info("guardrails: request {} refused ({})", ctx.requestId(), why);
        return FilterAction.reject(403, "guardrails: request refused by " + why);
    }

    /**
     * A response rule triggered: the client did nothing wrong, the origin's answer is withheld, so
     * the refusal is 502 (see docs/reference/filters/guardrails.md#response-rules).
     */
    private FilterAction refuseResponse(RequestContext ctx, String why) {
        if (config.action() == GuardrailsConfig.Action.FLAG) {
            log.info("guardrails: response to request {} flagged ({})", ctx.requestId(), why);
            return FilterAction.CONTINUE;
        }
        log.info("guardrails: response to request {} refused ({})", ctx.requestId(), why);
        return FilterAction.reject(502, "guardrails: response refused by " + why);
    }

    private static void publish(RequestContext ctx, String status) {
        ctx.results().put(GuardrailsFactory.TYPE, STATUS, status); // fixed key and value: never refused
    }
}
