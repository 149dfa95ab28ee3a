package io.jpraxis.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import java.net.InetSocketAddress;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class BindingStateTest {
    private static final ClusterTags OPENAI = new ClusterTags("openai_responses", "openai");

    private static RequestContext request() {
        return new RequestContext("l", "GET", RequestPath.of("/"), null, "http", new InetSocketAddress("127.0.0.1", 1),
                new HeaderMap(), "id", Instant.EPOCH);
    }

    @Test
    void aFreshRequestIsUnbound() {
        RequestContext ctx = request();
        assertThat(BindingState.current(ctx)).isNull();
        assertThat(BindingState.of(ctx).frozen()).isFalse();
    }

    @Test
    void theFirstPublishBindsAndLaterOnesOfTheSameClusterAreNoOps() {
        RequestContext ctx = request();
        BindingState state = BindingState.of(ctx);
        assertThat(state.publish("openai_backend", OPENAI))
                .isEqualTo(new BindingState.Published(new BoundUpstream("openai_backend", OPENAI)));
        assertThat(BindingState.current(ctx)).isEqualTo(new BoundUpstream("openai_backend", OPENAI));
        assertThat(state.publish("openai_backend", ClusterTags.NONE)).as("same cluster: nothing changes")
                .isInstanceOf(BindingState.NoOp.class);
        assertThat(BindingState.current(ctx).tags()).as("the first tags stay").isEqualTo(OPENAI);
    }

    @Test
    void aDifferentClusterIsAConflictAndTheBindingStays() {
        BindingState state = BindingState.of(request());
        state.publish("openai_backend", OPENAI);
        BindingState.Publish second = state.publish("generic_backend", ClusterTags.NONE);
        assertThat(second).isEqualTo(new BindingState.Conflict(new BoundUpstream("openai_backend", OPENAI),
                "generic_backend"));
        assertThat(state.bound().cluster()).isEqualTo("openai_backend");
    }

    @Test
    void freezesOnceAndOnlyWhenBound() {
        BindingState state = BindingState.of(request());
        assertThat(state.freeze()).as("nothing bound: no freeze").isFalse();
        assertThat(state.frozen()).isFalse();
        state.publish("c", ClusterTags.NONE);
        assertThat(state.freeze()).as("the first freeze").isTrue();
        assertThat(state.freeze()).as("once per request").isFalse();
        assertThat(state.frozen()).isTrue();
    }

    @Test
    void aNestedExchangeInheritsTheFrozenBindingAndCannotRebind() {
        RequestContext parent = request();
        BindingState.of(parent).publish("openai_backend", OPENAI);
        BindingState.of(parent).freeze();
        RequestContext step = request();
        BindingState.inherit(parent, step);
        assertThat(BindingState.current(step)).isEqualTo(BindingState.current(parent));
        assertThat(BindingState.of(step).frozen()).isTrue();
        assertThat(BindingState.of(step).publish("other", ClusterTags.NONE)).isInstanceOf(BindingState.Conflict.class);
    }

    @Test
    void statesAreSeparatePerRequest() {
        RequestContext first = request();
        BindingState.of(first).publish("a", ClusterTags.NONE);
        assertThat(BindingState.current(request())).as("a new request starts unbound").isNull();
    }
}
