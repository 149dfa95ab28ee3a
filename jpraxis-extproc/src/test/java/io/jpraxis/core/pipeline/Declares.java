package io.jpraxis.core.pipeline;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.ResponseHead;

/**
 * A test filter that carries its own declaration (a production filter's comes from its factory),
 * so executor and check tests can place filters in slots without a factory.
 */
public interface Declares {

    FilterDeclaration declaration();

    /**
     * {@code filter}'s declaration: its own when it {@link Declares}, else none but the response and
     * log hooks its class overrides (found by reflection, which only tests may do).
     */
    static FilterDeclaration of(HttpFilter filter) {
        if (filter instanceof Declares d) {
            return d.declaration();
        }
        return hooks(filter, FilterDeclaration.NONE);
    }

    /** {@code base} with the response and log hooks {@code filter}'s class overrides. */
    static FilterDeclaration hooks(HttpFilter filter, FilterDeclaration base) {
        FilterDeclaration out = base;
        if (overrides(filter, "onResponse", RequestContext.class, ResponseHead.class)) {
            out = out.withResponseHook(true);
        }
        if (overrides(filter, "onLog", RequestContext.class, ExchangeSummary.class)) {
            out = out.withLogHook();
        }
        return out;
    }

    /** Whether {@code filter}'s class (or a superclass) overrides {@code HttpFilter}'s default {@code method}. */
    static boolean overrides(HttpFilter filter, String method, Class<?>... parameters) {
        try {
            return filter.getClass().getMethod(method, parameters).getDeclaringClass() != HttpFilter.class;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("HttpFilter." + method + " not found", e);
        }
    }
}
