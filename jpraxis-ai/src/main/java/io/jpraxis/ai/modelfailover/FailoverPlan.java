package io.jpraxis.ai.modelfailover;

import io.jpraxis.ai.candidate.Candidate;
import io.jpraxis.ai.credentialinject.UpstreamCredentials;
import io.jpraxis.ai.intelligentroute.RoutePick;
import io.jpraxis.ai.modelrewrite.ModelRewriter;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.UpstreamFailover;
import io.jpraxis.core.filter.FilterAction;
import java.nio.ByteBuffer;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One request's failover entries (see docs/behaviour/model-failover.md#how-an-attempt-fails-over):
 * the candidate {@code intelligent_route} picked, then the others of the same model in selection
 * order, each sent with its own credential and its own name for the model. The alternatives are
 * worked out only when the first attempt fails, so a request that never fails over pays for none
 * of it. Confined to the request's event loop.
 */
final class FailoverPlan implements UpstreamFailover {
    private static final Logger log = LoggerFactory.getLogger(FailoverPlan.class);

    private final ModelFailoverConfig config;
    private final RoutePick pick;
    private final Candidate first;
    private final byte[] original;
    private final List<UpstreamCredentials> credentials;
    private final FailoverCounters counters;
    private List<Candidate> alternatives;
    private int nextAlternative;
    private int attempts = 1;
    private ByteBuffer body;

    FailoverPlan(ModelFailoverConfig config, RoutePick pick, byte[] original, List<UpstreamCredentials> credentials,
            FailoverCounters counters) {
        this.config = config;
        this.pick = pick;
        this.first = pick.current();
        this.original = original;
        this.credentials = credentials;
        this.counters = counters;
    }

    @Override
    public boolean failsOverOnStatus(int status) {
        return config.statuses().contains(status);
    }

    @Override
    public boolean failsOverOnTransportError() {
        return config.transportErrors();
    }

    @Override
    public long firstByteTimeoutMs() {
        return config.firstByteTimeoutMs();
    }

    @Override
    public ByteBuffer currentBody() {
        byte[] renamed = renamedFor(first);
        return renamed == null ? null : ByteBuffer.wrap(renamed);
    }

    @Override
    public boolean advance(RequestContext ctx, String reason) {
        if (config.maxAttempts() > 0 && attempts >= config.maxAttempts()) {
            counters.exhausted(reason);
            return false;
        }
        if (alternatives == null) {
            alternatives = pick.alternatives(first);
        }
        String left = ctx.cluster();
        while (nextAlternative < alternatives.size()) {
            Candidate next = alternatives.get(nextAlternative++);
            if (!(pick.moveTo(ctx, next) instanceof FilterAction.Continue) || !credentialSet(ctx)) {
                continue; // logged where it failed; the entry after it may still serve
            }
            attempts++;
            counters.movedOn(reason);
            byte[] renamed = renamedFor(next);
            body = ByteBuffer.wrap(renamed == null ? original : renamed);
            log.debug("request {}: model_failover: {} left ({}); attempt {} to {}", ctx.requestId(), left, reason,
                    attempts, next.cluster());
            return true;
        }
        ctx.cluster(left); // the request is still the last entry's: logs and metrics name it
        counters.exhausted(reason);
        return false;
    }

    @Override
    public ByteBuffer body() {
        return body == null ? ByteBuffer.wrap(original) : body.duplicate();
    }

    /** Sets the entry's credential through the pipeline's credential_inject, if any; false when it refused. */
    private boolean credentialSet(RequestContext ctx) {
        for (UpstreamCredentials c : credentials) {
            if (!(c.reinject(ctx) instanceof FilterAction.Continue)) {
                return false;
            }
        }
        return true;
    }

    /** The body with {@code c}'s own name for the requested model, or null when it uses the requested name. */
    private byte[] renamedFor(Candidate c) {
        String upstream = config.upstreamModel(pick.requested(), c.cluster());
        return upstream == null ? null : ModelRewriter.rename(original, pick.requested(), upstream);
    }
}
