package io.jpraxis.filters.callout;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.config.load.LoadResult;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.pipeline.execute.PipelineExecution;
import io.jpraxis.core.pipeline.execute.RequestOutcome;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.subrequest.SubRequest;
import io.jpraxis.core.subrequest.SubRequestClient;
import io.jpraxis.core.subrequest.SubResponse;
import io.jpraxis.core.subrequest.TransportError;
import io.jpraxis.filters.BuiltInFilters;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code http_callout} over a compiled pipeline with a stub sub-request client: what is sent, and each outcome. */
class HttpCalloutFilterTest {
    private static final FeatureSet FEATURES = FeatureSet.of(Feature.CHAIN_BINDING);

    private static String config(String options) {
        return """
                listeners:
                  - name: web
                    address: "127.0.0.1:8080"
                    filter_chains: [main]
                filter_chains:
                  - name: authz
                    filters:
                      - filter: router
                        routes:
                          - path_prefix: "/"
                            cluster: authz
                      - filter: load_balancer
                        clusters:
                          - name: authz
                            endpoints: ["127.0.0.1:3001"]
                  - name: main
                    filters:
                      - filter: http_callout
                        outbound_chain: authz
                %s
                      - filter: router
                        routes:
                          - path_prefix: "/"
                            cluster: web
                      - filter: load_balancer
                        clusters:
                          - name: web
                            endpoints: ["127.0.0.1:3000"]
                insecure_options:
                  allow_private_endpoints: true
                  # http_callout is security-class: one test runs it with failure_mode: open.
                  allow_open_security_filters: true
                """.formatted(options.indent(8).stripTrailing());
    }

    private static CompiledPipeline pipeline(String options) {
        LoadResult loaded = new ConfigLoader().load(config(options), FEATURES);
        assertThat(loaded.diagnostics().errors().stream().map(Diagnostic::render)).isEmpty();
        CompileResult result = new PipelineCompiler().compile(loaded);
        assertThat(result.diagnostics().errors().stream().map(Diagnostic::render)).as("the config builds").isEmpty();
        return result.gateway().listeners().getFirst().pipeline();
    }

    private static RequestContext request(String target, String... headerPairs) {
        HeaderMap headers = new HeaderMap();
        for (int i = 0; i < headerPairs.length; i += 2) {
            headers.add(headerPairs[i], headerPairs[i + 1]);
        }
        int q = target.indexOf('?');
        return new RequestContext("web", "GET", RequestPath.of(q < 0 ? target : target.substring(0, q)),
                q < 0 ? null : target.substring(q + 1), "http", new InetSocketAddress("127.0.0.1", 40000), headers,
                "req-1", Instant.now());
    }

    private static RequestOutcome run(CompiledPipeline pipeline, RequestContext ctx, SubRequestClient client)
            throws Exception {
        ctx.subRequests(client);
        return PipelineExecution.begin(pipeline, ctx).runRequest().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    /** Answers every sub-request with {@code response}, recording each. */
    private static final class Stub implements SubRequestClient {
        final List<SubRequest> sent = new ArrayList<>();
        private final SubResponse response;

        Stub(SubResponse response) {
            this.response = response;
        }

        @Override
        public CompletableFuture<SubResponse> send(SubRequest request) {
            sent.add(request);
            return CompletableFuture.completedFuture(response);
        }
    }

    private static SubResponse answer(int status, String... headerPairs) {
        HeaderMap headers = new HeaderMap();
        for (int i = 0; i < headerPairs.length; i += 2) {
            headers.add(headerPairs[i], headerPairs[i + 1]);
        }
        return new SubResponse.Received(status, headers, "{}".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void sendsTheConfiguredCalloutToTheChainsEndpointAndForwardsWhenAllowed() throws Exception {
        CompiledPipeline p = pipeline("""
                method: POST
                path: "/check{path}?{query}"
                headers: [{name: X-Fixed, value: "1"}]
                copy_request_headers: [x-user]
                body: path
                timeout_ms: 300
                allow_statuses: [204]
                """);
        Stub stub = new Stub(answer(204));
        RequestContext ctx = request("/a/b?c=d", "X-User", "alice", "Authorization", "Bearer t", "X-Other", "o");
        RequestOutcome outcome = run(p, ctx, stub);
        assertThat(outcome).isInstanceOf(RequestOutcome.Forward.class);
        assertThat(((RequestOutcome.Forward) outcome).target().cluster().name()).isEqualTo("web");
        SubRequest sent = stub.sent.getFirst();
        assertThat(sent.target().cluster().name()).as("the outbound chain picked its own cluster").isEqualTo("authz");
        assertThat(sent.method()).isEqualTo("POST");
        assertThat(sent.pathAndQuery()).isEqualTo("/check/a/b?c=d");
        assertThat(sent.headers().get("x-user")).isEqualTo("alice");
        assertThat(sent.headers().get("x-fixed")).isEqualTo("1");
        assertThat(sent.headers().contains("authorization")).as("not listed, so not sent").isFalse();
        assertThat(sent.headers().contains("x-other")).isFalse();
        assertThat(new String(sent.body(), StandardCharsets.UTF_8)).isEqualTo("/a/b?c=d");
        assertThat(ctx.cluster()).as("the parent's own routing is untouched by the callout's").isEqualTo("web");
    }

    @Test
    void aStatusOutsideAllowStatusesAnswersTheDenyStatus() throws Exception {
        CompiledPipeline p = pipeline("timeout_ms: 300\ndeny_status: 429\ndeny_headers: [retry-after]\n");
        RequestOutcome outcome = run(p, request("/"), new Stub(answer(200 + 1, "Retry-After", "7", "X-Secret", "s")));
        assertThat(outcome).isInstanceOf(RequestOutcome.Respond.class);
        var response = ((RequestOutcome.Respond) outcome).response();
        assertThat(response.status()).isEqualTo(429);
        assertThat(response.headers().get("retry-after")).isEqualTo("7");
        assertThat(response.headers().contains("x-secret")).isFalse();
    }

    @Test
    void aDeadlineFailsClosedWith504AndAnyOtherTransportFailureWith503() throws Exception {
        CompiledPipeline p = pipeline("timeout_ms: 300\n");
        RequestOutcome late = run(p, request("/"), new Stub(new SubResponse.Failed(TransportError.DEADLINE_EXCEEDED,
                "late")));
        assertThat(late).isEqualTo(new RequestOutcome.Reject(504, "gateway timeout"));
        RequestOutcome reset = run(p, request("/"), new Stub(new SubResponse.Failed(TransportError.IO, "reset")));
        assertThat(reset).isEqualTo(new RequestOutcome.Reject(503, "service unavailable"));
    }

    @Test
    void withoutASubRequestClientItFailsPerFailureMode() throws Exception {
        RequestOutcome closed = run(pipeline("timeout_ms: 300\n"), request("/"), null);
        assertThat(closed).as("the ext_proc edge has no client").isEqualTo(new RequestOutcome.Reject(503,
                "service unavailable"));
        RequestOutcome open = run(pipeline("timeout_ms: 300\nfailure_mode: open\n"), request("/"), null);
        assertThat(open).isInstanceOf(RequestOutcome.Forward.class);
    }

    @Test
    void theOutboundChainShowsAsANestedPipelineButNeverJoinsTheParentsCatalog() {
        CompiledPipeline p = pipeline("timeout_ms: 300\n");
        var callout = p.filters().getFirst().declaration();
        assertThat(callout.traits()).as("decision 21: a callout decides who gets in").contains(FilterTrait.SECURITY);
        assertThat(callout.nested().pipelines()).singleElement().satisfies(n -> {
            assertThat(n.name()).isEqualTo("authz");
            assertThat(n.kind()).isEqualTo(io.jpraxis.core.pipeline.NestedStep.Kind.OUTBOUND_CHAIN);
        });
        assertThat(callout.clusters().declaredTags()).isEmpty();
        assertThat(callout.nested().bindingReaders()).isEmpty();
    }

    /** The built-ins compiled under chain-binding. */
    private static final class PipelineCompiler {
        CompileResult compile(LoadResult loaded) {
            return new io.jpraxis.core.pipeline.compile.PipelineCompiler(FilterRegistry.withBuiltIns(BuiltInFilters.all()),
                    FEATURES, RuntimeServices.system()).compile(loaded.config(), new Diagnostics());
        }
    }
}
