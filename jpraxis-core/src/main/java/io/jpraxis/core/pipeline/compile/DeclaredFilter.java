package io.jpraxis.core.pipeline.compile;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;

/**
 * Stands in for a filter in a build that only checks ({@code validate}): the entry was read and
 * declared, but its runtime filter was never created, so such a pipeline must never serve. Its
 * request hook fails loudly rather than let a request through a filter that does nothing.
 */
record DeclaredFilter(String type, Object config) implements HttpFilter {

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        throw new IllegalStateException("filter " + type + " was only declared (a build that checks) and cannot serve");
    }
}
