package io.jpraxis.core.pipeline;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.BiFunction;

/** A test filter declaring body access and recording its body hook calls into a journal. */
public final class BodyFilter implements HttpFilter, Declares {
    private final String name;
    private final List<String> journal;
    private BodyAccess requestAccess = BodyAccess.NONE;
    private BodyAccess responseAccess = BodyAccess.NONE;
    private BodyAccess boundAccess = BodyAccess.NONE;
    private BodyMode requestMode = BodyMode.STREAM;
    private BodyMode responseMode = BodyMode.STREAM;
    private BiFunction<RequestContext, BodyChunk, FilterAction> onBody = (ctx, body) -> FilterAction.CONTINUE;

    public BodyFilter(String name, List<String> journal) {
        this.name = name;
        this.journal = journal;
    }

    /** Reads request bodies with {@code mode}. */
    public BodyFilter request(BodyAccess access, BodyMode mode) {
        this.requestAccess = access;
        this.requestMode = mode;
        return this;
    }

    /** Reads response bodies with {@code mode}. */
    public BodyFilter response(BodyAccess access, BodyMode mode) {
        this.responseAccess = access;
        this.responseMode = mode;
        return this;
    }

    /** Takes part in the bound-upstream barrier with {@code access}. */
    public BodyFilter bound(BodyAccess access) {
        this.boundAccess = access;
        return this;
    }

    /** What the body hooks do (after journalling the call). */
    public BodyFilter onBody(BiFunction<RequestContext, BodyChunk, FilterAction> hook) {
        this.onBody = hook;
        return this;
    }

    @Override
    public String type() {
        return name;
    }

    @Override
    public Object config() {
        return name;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        journal.add("req:" + name);
        return FilterAction.CONTINUE;
    }

    @Override
    public FilterDeclaration declaration() {
        return FilterDeclaration.NONE.withRequestBody(requestAccess, requestMode)
                .withResponseBody(responseAccess, responseMode)
                .withBoundUpstream(new FilterDeclaration.BoundUpstream(boundAccess, null, java.util.List.of()));
    }

    @Override
    public FilterAction onRequestBody(RequestContext ctx, BodyChunk body) {
        journal.add("reqbody:" + name + ":" + text(body));
        return onBody.apply(ctx, body);
    }

    @Override
    public FilterAction onResponseBody(RequestContext ctx, BodyChunk body) {
        journal.add("respbody:" + name + ":" + text(body));
        return onBody.apply(ctx, body);
    }

    @Override
    public FilterAction onBoundUpstreamRequestBody(RequestContext ctx, BodyChunk body) {
        journal.add("boundbody:" + name + ":" + text(body));
        return onBody.apply(ctx, body);
    }

    public static String text(BodyChunk body) {
        return new String(body.toByteArray(), StandardCharsets.UTF_8);
    }
}
