package io.jpraxis.extproc.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.jpraxis.extproc.emulator.RunningExtProc;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ServerTlsTest {
    @Test
    void selfSignedModeServesTlsOnTheGrpcPort() throws Exception {
        try (RunningExtProc running = RunningExtProc.start("""
                server: { tls: { mode: self_signed } }
                filter_chains:
                  - name: main
                    filters:
                      - filter: headers
                        request_set: [{ name: x-a, value: "1" }]
                """)) {
            ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", running.server().grpcPort())
                    .sslContext(GrpcSslContexts.forClient().trustManager(InsecureTrustManagerFactory.INSTANCE).build())
                    .overrideAuthority("localhost").build();
            try {
                var status = HealthGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS)
                        .check(HealthCheckRequest.newBuilder().setService("readiness").build()).getStatus();
                assertThat(status).as("a TLS handshake with the generated certificate succeeded")
                        .isEqualTo(ServingStatus.SERVING);
            } finally {
                channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            }
        }
    }
}
