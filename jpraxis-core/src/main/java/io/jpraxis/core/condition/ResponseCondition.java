package io.jpraxis.core.condition;

import io.jpraxis.core.http.ResponseHead;

/** A compiled {@code response_conditions} gate. */
@FunctionalInterface
public interface ResponseCondition {
    ResponseCondition ALWAYS = head -> true;

    boolean test(ResponseHead head);
}
