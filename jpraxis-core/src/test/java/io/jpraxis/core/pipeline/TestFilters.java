package io.jpraxis.core.pipeline;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.condition.RequestCondition;
import io.jpraxis.core.condition.ResponseCondition;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.UpstreamTarget;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** Small recording filters and builders for executor tests. */
public final class TestFilters {
    private TestFilters() {
    }

    public static RequestContext request(String method, String path) {
        return new RequestContext("test", method, RequestPath.of(path), null, "http",
                new InetSocketAddress("127.0.0.1", 5555),
                new HeaderMap().add("host", "example.com"), "req-1", Instant.EPOCH);
    }

    public static ClusterConfig cluster(String name) {
        return new ClusterConfig(name, List.of(), ClusterConfig.LoadBalancerStrategy.ROUND_ROBIN, null, null, null,
                null, null, null, null, ClusterHttpConfig.NONE, null, null, null, SourceRef.synthetic("clusters"));
    }

    public static CompiledFilter slot(int index, HttpFilter filter, RequestCondition condition, FailureMode mode) {
        FilterEntryConfig entry = new FilterEntryConfig(filter.type(), null, List.of(), List.of(), mode, null,
                new ConfigNode.MapNode(List.of(), 0), new SourceRef(ConfigPath.root(), 0));
        return new CompiledFilter(index, filter, Declares.of(filter), condition, condition != RequestCondition.ALWAYS,
                ResponseCondition.ALWAYS, mode, "main", entry);
    }

    /** A slot hosting {@code branches}. */
    public static CompiledFilter host(int index, HttpFilter filter, BranchSpec... branches) {
        return host(index, filter, RequestCondition.ALWAYS, branches);
    }

    public static CompiledFilter host(int index, HttpFilter filter, RequestCondition condition, BranchSpec... branches) {
        CompiledFilter plain = slot(index, filter, condition, FailureMode.CLOSED);
        return new CompiledFilter(index, filter, plain.declaration(), condition, plain.conditional(), ResponseCondition.ALWAYS,
                FailureMode.CLOSED, "main", plain.entry(), List.of(branches));
    }

    /** A branch over {@code filters} (built with {@link #host} or {@link #slot}). */
    public static BranchSpec branch(String name, ResultMatcher onResult, Rejoin rejoin, int maxIterations,
            CompiledFilter... filters) {
        return new BranchSpec(name, onResult, List.of(filters), rejoin, maxIterations, SourceRef.synthetic(name));
    }

    public static BranchSpec branch(String name, Rejoin rejoin, CompiledFilter... filters) {
        return branch(name, null, rejoin, 0, filters);
    }

    /** Publishes {@code key=value} under the filter's type, then continues. */
    public static Function<RequestContext, FilterAction> publish(String type, String key, String value) {
        return ctx -> {
            ctx.results().put(type, key, value).ifPresent(error -> {
                throw new IllegalStateException(error);
            });
            return FilterAction.CONTINUE;
        };
    }

    public static CompiledPipeline pipeline(HttpFilter... filters) {
        List<CompiledFilter> slots = new ArrayList<>();
        for (HttpFilter f : filters) {
            slots.add(slot(slots.size(), f, RequestCondition.ALWAYS, FailureMode.CLOSED));
        }
        return new CompiledPipeline("test", slots);
    }

    /** Records request and response hook calls into a shared journal. */
    public static class Recording implements HttpFilter, Declares {
        public final String name;
        public final List<String> journal;
        public final Function<RequestContext, FilterAction> onRequest;

        public Recording(String name, List<String> journal, Function<RequestContext, FilterAction> onRequest) {
            this.name = name;
            this.journal = journal;
            this.onRequest = onRequest;
        }

        public Recording(String name, List<String> journal) {
            this(name, journal, ctx -> FilterAction.CONTINUE);
        }

        @Override
        public String type() {
            return name;
        }

        @Override
        public Object config() {
            return name;
        }

        /** Response and log hooks; a subclass adds what it declares besides. */
        @Override
        public FilterDeclaration declaration() {
            return Declares.hooks(this, FilterDeclaration.NONE);
        }

        @Override
        public FilterAction onRequest(RequestContext ctx) {
            journal.add("req:" + name);
            return onRequest.apply(ctx);
        }

        @Override
        public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
            journal.add("resp:" + name);
            return FilterAction.CONTINUE;
        }

        @Override
        public void onLog(RequestContext ctx, ExchangeSummary summary) {
            journal.add("log:" + name + ":" + summary.status());
        }
    }

    public static FilterAction selectUpstream(RequestContext ctx) {
        ctx.cluster("backend");
        ctx.upstream(UpstreamTarget.detached(cluster("backend"), new Endpoint("127.0.0.1", 9000, 1)));
        return FilterAction.CONTINUE;
    }
}
