package io.jpraxis.filters.iterative;

import static io.jpraxis.filters.iterative.IrrHarness.pipeline;
import static io.jpraxis.filters.iterative.IrrHarness.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.binding.BindingState;
import io.jpraxis.core.binding.BoundUpstream;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.execute.PipelineExecution;
import io.jpraxis.core.pipeline.execute.RequestOutcome;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The shape at runtime (see docs/behaviour/binding.md#example-bound-dispatch): the parent's router
 * binds a cluster, the IRR's steps resolve the inherited binding with bound load balancers on every
 * iteration, the binding is frozen once and handed back unchanged, and the parent's response hooks
 * still run on the IRR's answer.
 */
class BoundStepTest {

    private static String config(String busy, String ok) {
        return """
                listeners:
                  - name: web
                    address: "127.0.0.1:8080"
                    filter_chains: [main]
                filter_chains:
                  - name: main
                    filters:
                      - filter: router
                        routes:
                          - path_prefix: "/"
                            cluster: chat_backend
                      - filter: headers
                        response_set:
                          - name: "X-Gateway-Processed"
                            value: "true"
                      - filter: iterative_request_router
                        initial_step: primary
                        steps:
                          - name: primary
                            filters:
                              - filter: load_balancer
                                cluster_source: bound_upstream
                                clusters:
                                  - name: chat_backend
                                    http:
                                      application_provider: vllm
                                    endpoints: ["%s"]
                            on_result:
                              - status: [503]
                                next: secondary
                          - name: secondary
                            filters:
                              - filter: load_balancer
                                cluster_source: bound_upstream
                                clusters:
                                  - name: chat_backend
                                    http:
                                      application_provider: vllm
                                    endpoints: ["%s"]
                            on_result:
                              - default: true
                                done: true
                insecure_options:
                  allow_private_endpoints: true
                """.formatted(busy, ok);
    }

    @Test
    void stepsResolveTheInheritedBindingWhichStaysFrozenAndUnchanged() throws Exception {
        try (Origin busy = Origin.answering(503, "busy"); Origin ok = Origin.answering(200, "served")) {
            var pipeline = pipeline(config(busy.endpoint(), ok.endpoint()));
            assertThat(pipeline.binding().usesBinding()).as("the IRR's steps read the binding").isTrue();
            RequestContext ctx = request("POST", "/v1/chat/completions");
            ctx.subRequests(new JdkSubRequestClient());
            PipelineExecution exec = PipelineExecution.begin(pipeline, ctx);
            RequestOutcome outcome = exec.runRequest().toCompletableFuture().get(10, TimeUnit.SECONDS);

            assertThat(outcome).isInstanceOf(RequestOutcome.Respond.class);
            LocalResponse response = ((RequestOutcome.Respond) outcome).response();
            assertThat(new String(response.body())).isEqualTo("served");
            assertThat(busy.seen).as("the first step's bound LB picked its endpoint").hasSize(1);
            assertThat(ok.seen).as("and so did the second step's").hasSize(1);

            BoundUpstream bound = BindingState.current(ctx);
            assertThat(bound.cluster()).isEqualTo("chat_backend");
            assertThat(bound.tags().applicationProvider()).as("the step's declaration reached the parent catalog")
                    .isEqualTo("vllm");
            assertThat(BindingState.of(ctx).frozen()).isTrue();
            assertThat(BindingState.of(ctx).freeze()).as("frozen once: no later freeze happens").isFalse();

            ResponseHead head = new ResponseHead(response.status(), response.headers(), true);
            exec.runResponse(head);
            assertThat(head.headers().get("x-gateway-processed")).as("the parent's response hooks run on the answer")
                    .isEqualTo("true");
            pipeline.close();
        }
    }
}
