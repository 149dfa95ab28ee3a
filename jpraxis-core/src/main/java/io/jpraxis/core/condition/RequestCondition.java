package io.jpraxis.core.condition;

import io.jpraxis.core.context.RequestContext;

/** A compiled request gate: {@code conditions} of an entry (chain conditions first). */
@FunctionalInterface
public interface RequestCondition {
    /** Matches every request; used when an entry has no conditions. */
    RequestCondition ALWAYS = ctx -> true;

    boolean test(RequestContext ctx);
}
