package io.jpraxis.it;

import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.binding.BindingState;
import io.jpraxis.core.binding.BoundUpstream;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.OneStepFactory;
import java.util.Map;
import java.util.Optional;

/**
 * A test filter type that reports the request's binding on the request it runs for, so an origin
 * can see what a nested exchange (an IRR step) inherited: {@code x-probe-bound} (cluster and
 * provider, or {@code none}), {@code x-probe-frozen}, {@code x-probe-refroze} (whether a freeze
 * attempt here froze anything: false once the request froze) and {@code x-probe-state} (the
 * identity of the binding state, equal for every exchange of one request).
 */
final class BindingProbeFactory implements OneStepFactory {
    static final String TYPE = "test_binding_probe";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
        options.finish();
        return Optional.of(new HttpFilter() {
            @Override
            public String type() {
                return TYPE;
            }

            @Override
            public Object config() {
                return Map.of();
            }

            @Override
            public FilterAction onRequest(RequestContext ctx) {
                BoundUpstream bound = BindingState.current(ctx);
                if (bound == null) {
                    ctx.headers().set("x-probe-bound", "none");
                    return FilterAction.CONTINUE;
                }
                BindingState state = BindingState.of(ctx);
                ctx.headers().set("x-probe-bound", bound.cluster() + "/" + bound.tags().applicationProvider());
                ctx.headers().set("x-probe-frozen", Boolean.toString(state.frozen()));
                ctx.headers().set("x-probe-refroze", Boolean.toString(state.freeze()));
                ctx.headers().set("x-probe-state", Integer.toHexString(System.identityHashCode(state)));
                return FilterAction.CONTINUE;
            }
        });
    }
}
