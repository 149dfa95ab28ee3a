package io.jpraxis.extproc.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.envoyproxy.envoy.config.core.v3.HeaderMap;
import io.envoyproxy.envoy.config.core.v3.HeaderValue;
import io.envoyproxy.envoy.service.ext_proc.v3.ExternalProcessorGrpc;
import io.envoyproxy.envoy.service.ext_proc.v3.HttpHeaders;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingRequest;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingResponse;
import io.grpc.ManagedChannel;
import io.grpc.stub.StreamObserver;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.jpraxis.extproc.emulator.RunningExtProc;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerTlsTest {
    @Test
    void providedModeServesTheOperatorsCertificateAndPicks(@TempDir Path dir) throws Exception {
        TestCertificate certificate = TestCertificate.create(dir);
        try (RunningExtProc running = RunningExtProc.start("""
                server:
                  picker_mode: true
                  tls: { mode: provided, cert_path: "%s", key_path: "%s" }
                filter_chains:
                  - name: main
                    filters:
                      - filter: intelligent_route
                        model_header: x-gateway-model-name
                        route_header: x-gateway-destination-endpoint
                        local_site: hub
                        candidates:
                          - { kind: inference_model, name: model-a, site: hub, cluster: "10.0.0.7:8000" }
                """.formatted(certificate.certPem(), certificate.keyPem()))) {
            // The client trusts exactly that certificate: the handshake proves the server serves it.
            ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", running.server().grpcPort())
                    .sslContext(GrpcSslContexts.forClient().trustManager(certificate.certPem().toFile()).build())
                    .overrideAuthority("localhost").build();
            try {
                CompletableFuture<ProcessingResponse> reply = new CompletableFuture<>();
                StreamObserver<ProcessingRequest> stream = ExternalProcessorGrpc.newStub(channel)
                        .withDeadlineAfter(10, TimeUnit.SECONDS).process(new StreamObserver<>() {
                            @Override
                            public void onNext(ProcessingResponse r) {
                                reply.complete(r);
                            }

                            @Override
                            public void onError(Throwable t) {
                                reply.completeExceptionally(t);
                            }

                            @Override
                            public void onCompleted() {
                                reply.completeExceptionally(new IllegalStateException("closed without a reply"));
                            }
                        });
                stream.onNext(ProcessingRequest.newBuilder().setRequestHeaders(HttpHeaders.newBuilder()
                        .setEndOfStream(true).setHeaders(HeaderMap.newBuilder()
                                .addHeaders(header(":method", "GET")).addHeaders(header(":path", "/"))
                                .addHeaders(header("x-gateway-model-name", "model-a")))).build());
                ProcessingResponse r = reply.get(10, TimeUnit.SECONDS);
                stream.onCompleted();
                assertThat(r.getDynamicMetadata().getFieldsOrThrow("envoy.lb").getStructValue()
                        .getFieldsOrThrow("x-gateway-destination-endpoint").getStringValue())
                        .as("a picker reply over the provided certificate's TLS").isEqualTo("10.0.0.7:8000");
            } finally {
                channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            }
        }
    }

    private static HeaderValue header(String name, String value) {
        return HeaderValue.newBuilder().setKey(name).setRawValue(ByteString.copyFromUtf8(value)).build();
    }

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
