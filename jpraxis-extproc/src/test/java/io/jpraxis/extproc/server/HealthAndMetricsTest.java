package io.jpraxis.extproc.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.BodySendMode;
import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.HeaderSendMode;
import io.grpc.ManagedChannel;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.jpraxis.extproc.emulator.EmulatedRequest;
import io.jpraxis.extproc.emulator.EnvoyEmulator;
import io.jpraxis.extproc.emulator.RunningExtProc;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class HealthAndMetricsTest {
    private static final String CONFIG = """
            filter_chains:
              - name: main
                filters:
                  - filter: static_response
                    conditions: [{ when: { path_prefix: /deny } }]
                    status: 429
            """;

    @Test
    void healthIsServingForEveryNameWhileUpAndNotServingAfterShutdown() throws Exception {
        RunningExtProc running = RunningExtProc.start(CONFIG);
        ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", running.server().healthPort())
                .usePlaintext().build();
        try {
            var health = HealthGrpc.newBlockingStub(channel).withDeadlineAfter(5, TimeUnit.SECONDS);
            for (String name : ExtProcServer.HEALTH_SERVICES) {
                assertThat(health.check(HealthCheckRequest.newBuilder().setService(name).build()).getStatus())
                        .as("service '%s'", name).isEqualTo(ServingStatus.SERVING);
            }
            var watch = HealthGrpc.newBlockingStub(channel).watch(HealthCheckRequest.newBuilder().setService("readiness").build());
            assertThat(watch.next().getStatus()).isEqualTo(ServingStatus.SERVING);
            running.close();
            assertThat(watch.next().getStatus()).as("shutdown reports NOT_SERVING first")
                    .isEqualTo(ServingStatus.NOT_SERVING);
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            running.close();
        }
    }

    @Test
    void metricsCountRequestsImmediateResponsesAndPhases() throws Exception {
        try (RunningExtProc running = RunningExtProc.start(CONFIG);
                EnvoyEmulator envoy = running.envoy().mode(EnvoyEmulator.mode(BodySendMode.NONE, HeaderSendMode.SEND,
                        BodySendMode.NONE))) {
            envoy.run(EmulatedRequest.get("/ok"));
            envoy.run(EmulatedRequest.get("/deny"));
            String text = running.scrape();
            assertThat(text).contains("jpraxis_extproc_requests_total 2.0");
            assertThat(text).contains("jpraxis_extproc_immediate_responses_total{status=\"429\"} 1.0");
            assertThat(text).contains("jpraxis_extproc_phase_duration_seconds_count{phase=\"request_headers\"} 2");
            assertThat(text).contains("jpraxis_extproc_phase_duration_seconds_count{phase=\"response_headers\"} 1");
        }
    }
}
