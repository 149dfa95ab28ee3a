package io.jpraxis.bench.micro;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.bench.load.EdgePipeline;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.pipeline.execute.PipelineExecution;
import io.jpraxis.core.pipeline.execute.RequestOutcome;
import io.jpraxis.core.upstream.EndpointState;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Each benchmark's setup builds, and one call of each benchmark method does what its name says,
 * so a refactor that breaks a benchmark (or makes it measure a refusal) fails the normal build.
 */
class MicroBenchmarksTest {

    @ParameterizedTest
    @ValueSource(ints = {10, 100, 1000})
    void routerSendsTheLastRouteToItsClusterAndRefusesAnUnroutedPath(int routes) {
        RouterLookupBenchmark bench = new RouterLookupBenchmark();
        bench.routes = routes;
        bench.setup();

        assertThat(bench.matchLastRoute()).isInstanceOf(FilterAction.Continue.class);
        assertThat(bench.lastRouteRequest.cluster()).as("the last route of " + routes + " matched")
                .isEqualTo(bench.expectedLastCluster());
        assertThat(bench.matchNoRoute()).as("no route: 404")
                .isInstanceOfSatisfying(FilterAction.Reject.class, r -> assertThat(r.status()).isEqualTo(404));
        assertThat(bench.unroutedRequest.cluster()).isNull();
    }

    @ParameterizedTest
    @EnumSource(ConditionBenchmark.Shape.class)
    void conditionGatePassesItsPassingRequestAndFailsTheOther(ConditionBenchmark.Shape shape) {
        ConditionBenchmark bench = new ConditionBenchmark();
        ConditionBenchmark.RequestGate gate = new ConditionBenchmark.RequestGate();
        gate.shape = shape;
        gate.setup();

        assertThat(bench.requestPasses(gate)).as(shape + " passes GET /api/v1/users/42 of tenant acme").isTrue();
        assertThat(bench.requestFails(gate)).as(shape + " fails POST /internal/metrics of another tenant").isFalse();
    }

    @Test
    void responseGatePassesAJsonOk() {
        ConditionBenchmark.ResponseGate gate = new ConditionBenchmark.ResponseGate();
        gate.setup();

        assertThat(new ConditionBenchmark().responsePasses(gate)).isTrue();
        assertThat(gate.condition.test(BenchRequests.response(500))).as("a 500 is not in the gate's statuses").isFalse();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 5, 20})
    void pipelineRunsEveryGatedFilterOnRequestAndResponse(int filters) {
        PipelineBenchmark bench = new PipelineBenchmark();
        PipelineBenchmark.Pipeline pipeline = new PipelineBenchmark.Pipeline();
        pipeline.filters = filters;
        pipeline.setup();

        PipelineExecution execution = bench.requestPhase(pipeline);
        RequestContext ctx = execution.context();
        ResponseHead head = bench.requestThenResponse(pipeline);
        for (int i = 0; i < filters; i++) {
            assertThat(execution.executed(i)).as("filter " + i + " passed its gate and ran").isTrue();
            assertThat(ctx.headers().get("x-bench-" + i)).as("request header of filter " + i).isEqualTo("" + i);
            assertThat(head).as("the response proceeds").isNotNull();
            assertThat(head.headers().get("x-served-" + i)).as("response header of filter " + i).isEqualTo("" + i);
        }
        bench.newRequestOnly(new Blackhole(
                "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous."));
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "router", "plain", "forwarded_headers", "ip_acl", "cors", "jwt_auth", "jwt_auth_fresh",
            "rate_limit", "path_rewrite", "edge"})
    void edgeStageAdmitsTheClientsRequestAndForwardsItWhenItHasABalancer(String stage) {
        EdgeFilterBenchmark bench = new EdgeFilterBenchmark();
        EdgeFilterBenchmark.Stage s = new EdgeFilterBenchmark.Stage();
        s.stage = stage;
        s.setup();

        for (int i = 0; i < 3; i++) { // the first jwt_auth call verifies, the next ones hit the cache
            PipelineExecution execution = PipelineExecution.begin(s.compiled,
                    BenchRequests.fromPeer(EdgeFilterBenchmark.BALANCER, "GET", EdgePipeline.PATH, s.headers));
            RequestOutcome outcome = execution.runRequest().toCompletableFuture().join();
            boolean balanced = !stage.equals("none") && !stage.equals("router");
            if (balanced) {
                assertThat(outcome).as(stage + ": admitted and forwarded, not refused").isInstanceOf(
                        RequestOutcome.Forward.class);
            } else {
                assertThat(outcome).as(stage + ": nothing refused it; no balancer to forward")
                        .isNotInstanceOf(RequestOutcome.Reject.class);
            }
            if (stage.equals("edge")) {
                assertThat(execution.context().matchPath()).as("path_rewrite stripped /edge").isEqualTo("/small");
                assertThat(execution.context().clientAddress().getAddress().getHostAddress())
                        .as("forwarded_headers resolved the client behind the balancer").isEqualTo("127.0.0.7");
                assertThat(execution.context().headers().get("authorization")).as("jwt_auth stripped the token")
                        .isNull();
            }
        }
        assertThat(bench.requestPhase(s).context().requestId()).isNotNull();
        assertThat(bench.requestThenResponse(s)).as(stage + ": the response proceeds").isNotNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"round_robin", "least_connections", "p2c", "random", "consistent_hash"})
    void balancerPicksAnEndpointOfTheClusterAndGivesItsCountBack(String strategy) {
        BalancerPickBenchmark bench = new BalancerPickBenchmark();
        bench.strategy = strategy;
        bench.setup();
        List<EndpointState> endpoints = bench.balancer.endpoints();
        List<Integer> before = endpoints.stream().map(EndpointState::inFlight).toList();

        EndpointState picked = bench.pickAndRelease();

        assertThat(endpoints).hasSize(BenchConfigs.BALANCED_ENDPOINTS).contains(picked);
        assertThat(endpoints.stream().map(EndpointState::inFlight).toList()).as("the attempt's count was given back")
                .isEqualTo(before);
        if (strategy.equals("least_connections")) {
            assertThat(picked.inFlight()).as("least_connections takes an idle endpoint").isZero();
        }
        if (strategy.equals("consistent_hash")) {
            assertThat(bench.pickAndRelease()).as("the same key goes to the same endpoint").isSameAs(picked);
        }
        bench.tearDown();
        assertThat(endpoints).allSatisfy(e -> assertThat(e.inFlight()).as("standing load given back").isZero());
    }

    @Test
    void validationAcceptsTheThousandChainConfig() throws Exception {
        ConfigValidationBenchmark bench = new ConfigValidationBenchmark();
        bench.setup();
        try {
            CompileResult result = bench.validateThousandChains();

            assertThat(result.diagnostics().errors()).as("the generated config is valid").isEmpty();
            assertThat(result.gateway().config().filterChains()).hasSize(ConfigValidationBenchmark.CHAINS);
            assertThat(result.gateway().listeners()).as("one listener per hundred chains").hasSize(10)
                    .allSatisfy(l -> assertThat(l.config().filterChains()).hasSize(LargeConfig.CHAINS_PER_LISTENER));
        } finally {
            bench.tearDown();
        }
    }

    @ParameterizedTest
    @EnumSource(ModelExtractionBenchmark.Position.class)
    void modelExtractionPromotesTheModelFromBothBodySizes(ModelExtractionBenchmark.Position position) {
        for (int size : new int[] {2048, 204800}) {
            ModelExtractionBenchmark bench = new ModelExtractionBenchmark();
            bench.bodyBytes = size;
            bench.position = position;
            bench.setup();

            assertThat(bench.body.length()).as("body of about %d bytes", size).isBetween(size - 256L, size + 256L);
            assertThat(bench.extractModel()).as("one call over the whole body").isEqualTo(FilterAction.BODY_DONE);
            assertThat(bench.request.headers().get("x-model")).as(position + " model of a " + size + "-byte body")
                    .isEqualTo(ModelExtractionBenchmark.MODEL);
        }
    }
}
