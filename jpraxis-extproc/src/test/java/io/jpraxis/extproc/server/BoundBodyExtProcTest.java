package io.jpraxis.extproc.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.BodySendMode;
import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.HeaderSendMode;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.extproc.emulator.EmulatedRequest;
import io.jpraxis.extproc.emulator.EmulatedResult;
import io.jpraxis.extproc.emulator.EnvoyEmulator;
import io.jpraxis.extproc.emulator.RunningExtProc;
import io.jpraxis.extproc.emulator.Upstream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The bound-upstream body barrier in ext_proc (see
 * docs/behaviour/binding.md#the-bound-body-barrier): the pipeline is the same, so a {@code
 * model_rewrite} at the barrier rewrites the body, and the rewrite goes back to Envoy as the body
 * mutation of the BUFFERED body reply.
 */
class BoundBodyExtProcTest {
    private static final String CONFIG = """
            filter_chains:
              - name: main
                filters:
                  - filter: router
                    routes:
                      - path_prefix: "/"
                        cluster: chat
                  - filter: model_rewrite
                    conditions:
                      - when:
                          bound_upstream: {application_provider: vllm}
                    rules:
                      - {when: {application_provider: vllm}, from: fast, to: llama-3-70b}
                  - filter: load_balancer
                    clusters:
                      - name: chat
                        http: {application_provider: vllm}
                        endpoints: ["127.0.0.1:3001"]
            insecure_options:
              allow_private_endpoints: true
            """;

    @Test
    void theBarriersRewriteIsTheBodyEnvoySends() throws Exception {
        byte[] body = "{\"model\":\"fast\",\"messages\":[]}".getBytes(StandardCharsets.UTF_8);
        try (RunningExtProc server = RunningExtProc.start(CONFIG, FeatureSet.of(Feature.BOUND_UPSTREAM_REQUEST_BODY));
                EnvoyEmulator envoy = server.envoy()
                        .mode(EnvoyEmulator.mode(BodySendMode.BUFFERED, HeaderSendMode.SEND, BodySendMode.NONE))
                        .upstream(Upstream.canned(200, List.of(Map.entry("content-type", "text/plain")), "ok"))) {
            EmulatedResult r = envoy.run(EmulatedRequest.post("/v1/chat", body));
            assertThat(r.grpcError()).isNull();
            assertThat(new String(r.upstreamBody(), StandardCharsets.UTF_8))
                    .isEqualTo("{\"model\":\"llama-3-70b\",\"messages\":[]}");
            assertThat(r.upstreamHeader("content-length")).as("the longer body's own length, which Envoy checks")
                    .isEqualTo(Integer.toString(r.upstreamBody().length));
        }
    }
}
