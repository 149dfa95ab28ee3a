package io.jpraxis.http.testing;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.HedgePolicyConfig;
import io.jpraxis.core.balance.Balancer;
import io.jpraxis.core.balance.Balancers;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.RouteHedgePolicy;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.DeclaredHttpFilter;
import io.jpraxis.core.pipeline.Declares;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.HedgeBudget;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.testkit.TestOrigin;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/** Small filters for edge tests, so they need neither the router nor the load balancer. */
public final class TestFilters {
    private TestFilters() {
    }

    /** Selects {@code origin} in {@code cluster} for every request. */
    public static HttpFilter forwardTo(ClusterConfig cluster, TestOrigin origin) {
        return forwardTo(cluster, origin.host(), origin.port());
    }

    public static HttpFilter forwardTo(ClusterConfig cluster, String host, int port) {
        UpstreamTarget target = UpstreamTarget.detached(cluster, new Endpoint(host, port, 1));
        return onRequest("test_forward", ctx -> {
            ctx.cluster(cluster.name());
            ctx.upstream(target);
            return FilterAction.CONTINUE;
        });
    }

    /** Selects {@code target} for every request (the test keeps its cluster and endpoint states). */
    public static HttpFilter forwardTo(UpstreamTarget target) {
        return onRequest("test_forward", ctx -> {
            ctx.cluster(target.cluster().name());
            ctx.upstream(target);
            return FilterAction.CONTINUE;
        });
    }

    /**
     * Sends every request to the first endpoint of {@code state}; retries reselect with the
     * cluster's real balancer, so they go to the other endpoints in turn.
     */
    public static HttpFilter firstEndpoint(ClusterState state) {
        RuntimeServices services = new RuntimeServices(Clock.systemUTC(), RandomGenerator.of("L64X128MixRandom"),
                IdGenerator.sequential("lb"));
        Balancer balancer = Balancers.forCluster(state, services);
        return onRequest("test_forward", ctx -> {
            ctx.cluster(state.config().name());
            ctx.upstream(new UpstreamTarget(state, state.endpoints().getFirst(), balancer.reselectorFor(ctx)));
            return FilterAction.CONTINUE;
        });
    }

    /**
     * As {@link #firstEndpoint}, under {@code policy} with a budget of its own, as a router route
     * with that {@code hedge_policy} would set it.
     */
    public static HttpFilter hedged(ClusterState state, HedgePolicyConfig policy) {
        HttpFilter first = firstEndpoint(state);
        HedgeBudget budget = new HedgeBudget(policy.budgetPercent());
        return onRequest("test_hedge", ctx -> {
            RouteHedgePolicy.set(ctx, state.config().name(), policy, budget);
            return first.onRequest(ctx);
        });
    }

    /** Answers every request itself. */
    public static HttpFilter respond(int status, String contentType, String body) {
        LocalResponse response = new LocalResponse(status, new HeaderMap().set("content-type", contentType),
                body.getBytes(StandardCharsets.UTF_8));
        return onRequest("test_respond", ctx -> new FilterAction.Respond(response));
    }

    public static HttpFilter reject(int status, String reason) {
        return onRequest("test_reject", ctx -> new FilterAction.Reject(status, reason));
    }

    /** Mutates the working request headers. */
    public static HttpFilter requestHeaders(Consumer<HeaderMap> mutation) {
        return onRequest("test_request_headers", ctx -> {
            mutation.accept(ctx.headers());
            return FilterAction.CONTINUE;
        });
    }

    /** Mutates every response head. */
    public static HttpFilter responseHeaders(Consumer<ResponseHead> mutation) {
        return new Simple("test_response_headers") {
            @Override
            public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
                mutation.accept(response);
                return FilterAction.CONTINUE;
            }
        };
    }

    /** Refuses responses whose status matches with a 503 of its own. */
    public static HttpFilter replaceResponseWhen(int upstreamStatus, int status, String reason) {
        return new Simple("test_replace_response") {
            @Override
            public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
                return response.status() == upstreamStatus ? new FilterAction.Reject(status, reason) : FilterAction.CONTINUE;
            }
        };
    }

    /** Runs {@code inner}'s decision after {@code delayMs} on a foreign thread (an I/O-bound filter). */
    public static HttpFilter async(long delayMs, HttpFilter inner) {
        return new Simple("test_async") {
            @Override
            public boolean isAsync() {
                return true;
            }

            @Override
            public CompletionStage<FilterAction> onRequestAsync(RequestContext ctx) {
                return CompletableFuture.supplyAsync(() -> inner.onRequest(ctx),
                        CompletableFuture.delayedExecutor(delayMs, TimeUnit.MILLISECONDS));
            }
        };
    }

    public static HttpFilter onRequest(String type, Function<RequestContext, FilterAction> hook) {
        return new Simple(type) {
            @Override
            public FilterAction onRequest(RequestContext ctx) {
                return hook.apply(ctx);
            }
        };
    }

    /** Base with a type name and no config. */
    public abstract static class Simple implements DeclaredHttpFilter {
        private final String type;

        protected Simple(String type) {
            this.type = type;
        }

        /** Response and log hooks; a subclass adds what it declares besides. */
        @Override
        public FilterDeclaration declaration() {
            return Declares.hooks(this, FilterDeclaration.NONE);
        }

        @Override
        public String type() {
            return type;
        }

        @Override
        public Object config() {
            return null;
        }
    }
}
