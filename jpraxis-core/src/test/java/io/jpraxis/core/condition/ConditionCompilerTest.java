package io.jpraxis.core.condition;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.ConditionConfig.Kind;
import io.jpraxis.config.model.HeaderValue;
import io.jpraxis.config.model.RequestPredicateConfig;
import io.jpraxis.config.model.ResponseConditionConfig;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.config.model.UpstreamMatcher;
import io.jpraxis.core.binding.BindingState;
import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.http.ResponseHead;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConditionCompilerTest {
    private static final SourceRef SRC = new SourceRef(ConfigPath.root(), 1);

    private static RequestContext request(String method, String path, String... headers) {
        HeaderMap map = new HeaderMap();
        for (int i = 0; i < headers.length; i += 2) {
            map.add(headers[i], headers[i + 1]);
        }
        return new RequestContext("l", method, RequestPath.of(path), null, "http",
                new InetSocketAddress("127.0.0.1", 1), map, "id", Instant.EPOCH);
    }

    private static RequestPredicateConfig predicate(String path, String prefix, List<String> methods,
            List<HeaderValue> headers, List<String> present, Boolean grpc) {
        return new RequestPredicateConfig(path, prefix, methods, headers, present, grpc, null, null);
    }

    @Test
    void whenPathPrefixMatchesAtSegmentBoundaryOnly() {
        RequestCondition c = ConditionCompiler.request(List.of(
                new ConditionConfig(Kind.WHEN, predicate(null, "/api", null, null, null, null), SRC)));
        assertThat(c.test(request("GET", "/api"))).isTrue();
        assertThat(c.test(request("GET", "/api/v1"))).isTrue();
        assertThat(c.test(request("GET", "/apikeys"))).as("not a segment boundary").isFalse();
    }

    @Test
    void unlessInvertsAndItemsAreAnded() {
        RequestCondition c = ConditionCompiler.request(List.of(
                new ConditionConfig(Kind.WHEN, predicate(null, "/", List.of("get", "POST"), null, null, null), SRC),
                new ConditionConfig(Kind.UNLESS, predicate("/health", null, null, null, null, null), SRC)));
        assertThat(c.test(request("GET", "/x"))).as("methods compare case-insensitively").isTrue();
        assertThat(c.test(request("DELETE", "/x"))).isFalse();
        assertThat(c.test(request("GET", "/health"))).as("unless matched").isFalse();
    }

    @Test
    void headersNeedEqualValueAndHeadersPresentAnyValue() {
        RequestCondition equal = ConditionCompiler.request(List.of(new ConditionConfig(Kind.WHEN,
                predicate(null, null, null, List.of(new HeaderValue("X-Tenant", "a")), null, null), SRC)));
        RequestCondition present = ConditionCompiler.request(List.of(new ConditionConfig(Kind.WHEN,
                predicate(null, null, null, null, List.of("X-Debug"), null), SRC)));
        assertThat(equal.test(request("GET", "/", "x-tenant", "a"))).isTrue();
        assertThat(equal.test(request("GET", "/", "x-tenant", "A"))).as("values are case-sensitive").isFalse();
        assertThat(present.test(request("GET", "/", "x-debug", ""))).as("empty value still present").isTrue();
        assertThat(present.test(request("GET", "/"))).isFalse();
    }

    @Test
    void grpcMatchesGrpcContentTypesButNotGrpcWeb() {
        RequestCondition grpc = ConditionCompiler.request(List.of(new ConditionConfig(Kind.WHEN,
                predicate(null, null, null, null, null, true), SRC)));
        assertThat(grpc.test(request("POST", "/", "content-type", "application/grpc"))).isTrue();
        assertThat(grpc.test(request("POST", "/", "content-type", "application/grpc+proto"))).isTrue();
        assertThat(grpc.test(request("POST", "/", "content-type", "application/grpc-web"))).isFalse();
        assertThat(grpc.test(request("POST", "/"))).isFalse();
    }

    @Test
    void responseConditionsGateOnStatusAndHeaders() {
        ResponseCondition c = ConditionCompiler.response(List.of(
                new ResponseConditionConfig(Kind.WHEN, List.of(500, 503), null, null, SRC),
                new ResponseConditionConfig(Kind.UNLESS, null, null, List.of("x-cache"), SRC)));
        assertThat(c.test(new ResponseHead(503, new HeaderMap(), false))).isTrue();
        assertThat(c.test(new ResponseHead(200, new HeaderMap(), false))).isFalse();
        assertThat(c.test(new ResponseHead(500, new HeaderMap().add("x-cache", "hit"), false))).isFalse();
    }

    @Test
    void noConditionsAlwaysMatch() {
        assertThat(ConditionCompiler.request(List.of())).isSameAs(RequestCondition.ALWAYS);
    }

    private static RequestCondition upstream(Kind kind, boolean bound, String protocol, String provider) {
        UpstreamMatcher m = new UpstreamMatcher(protocol, provider);
        return ConditionCompiler.request(List.of(new ConditionConfig(kind, new RequestPredicateConfig(null, null, null,
                null, null, null, bound ? m : null, bound ? null : m), SRC)));
    }

    private static RequestContext boundTo(ClusterTags tags) {
        RequestContext ctx = request("GET", "/");
        BindingState.of(ctx).publish("c", tags);
        return ctx;
    }

    @Test
    void boundUpstreamFieldsAreAndedAndMatchedVerbatim() {
        ClusterTags openai = new ClusterTags("openai_responses", "openai");
        assertThat(upstream(Kind.WHEN, true, null, "openai").test(boundTo(openai))).isTrue();
        assertThat(upstream(Kind.WHEN, true, "openai_responses", "openai").test(boundTo(openai))).isTrue();
        assertThat(upstream(Kind.WHEN, true, "openai_chat", "openai").test(boundTo(openai))).as("both fields must match")
                .isFalse();
        assertThat(upstream(Kind.WHEN, true, null, "openai").test(boundTo(new ClusterTags(null, "openai.eu"))))
                .as("no prefix or case folding").isFalse();
    }

    @Test
    void anUntaggedOrUnboundRequestNeverMatchesAWhenAndRunsAnUnless() {
        RequestContext untagged = boundTo(ClusterTags.NONE);
        RequestContext unbound = request("GET", "/");
        assertThat(upstream(Kind.WHEN, true, null, "openai").test(untagged)).isFalse();
        assertThat(upstream(Kind.UNLESS, true, null, "openai").test(untagged)).isTrue();
        assertThat(upstream(Kind.WHEN, true, null, "openai").test(unbound)).isFalse();
        assertThat(upstream(Kind.UNLESS, true, null, "openai").test(unbound)).isTrue();
    }

    @Test
    void selectedUpstreamMatchesTheSelectedClustersDeclaredTags() {
        ClusterConfig tagged = new ClusterConfig("vllm", List.of(), ClusterConfig.LoadBalancerStrategy.ROUND_ROBIN,
                null, null, null, null, null, null, null,
                new ClusterHttpConfig(null, ClusterHttpConfig.HttpVersion.H1, "openai_chat", "vllm"), null, null, null,
                SRC);
        RequestContext selected = request("GET", "/");
        selected.upstream(UpstreamTarget.detached(tagged, new Endpoint("127.0.0.1", 9000, 1)));
        assertThat(upstream(Kind.WHEN, false, "openai_chat", "vllm").test(selected)).isTrue();
        assertThat(upstream(Kind.WHEN, false, null, "openai").test(selected)).isFalse();
        assertThat(upstream(Kind.UNLESS, false, null, "openai").test(selected)).isTrue();
        RequestContext none = request("GET", "/");
        assertThat(upstream(Kind.WHEN, false, null, "vllm").test(none)).as("nothing selected").isFalse();
        assertThat(upstream(Kind.WHEN, true, null, "vllm").test(selected)).as("selection is not a binding").isFalse();
    }
}
