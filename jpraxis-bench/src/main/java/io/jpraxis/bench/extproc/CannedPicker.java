package io.jpraxis.bench.extproc;

import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import io.envoyproxy.envoy.service.ext_proc.v3.ExternalProcessorGrpc;
import io.envoyproxy.envoy.service.ext_proc.v3.HeadersResponse;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingRequest;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingResponse;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.net.InetSocketAddress;

/**
 * The transport floor for {@code bench/extproc}: a gRPC server on the same grpc-java and Netty as
 * {@code jpraxis extproc} that answers every stream with one prebuilt pick and does nothing else.
 * Whatever it costs and however its tail looks on a machine is not jpraxis's pipeline.
 *
 * <p>{@code java -cp jpraxis-bench.jar io.jpraxis.bench.extproc.CannedPicker PORT}
 */
public final class CannedPicker {
    private CannedPicker() {
    }

    public static void main(String[] args) throws Exception {
        Struct lb = Struct.newBuilder().putFields(DecisionClient.ROUTE,
                Value.newBuilder().setStringValue("echo-a.svc.cluster.local:8080").build()).build();
        ProcessingResponse pick = ProcessingResponse.newBuilder().setRequestHeaders(HeadersResponse.getDefaultInstance())
                .setDynamicMetadata(Struct.newBuilder().putFields("envoy.lb", Value.newBuilder().setStructValue(lb).build()))
                .build();
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", Integer.parseInt(args[0]))).directExecutor()
                .addService(new ExternalProcessorGrpc.ExternalProcessorImplBase() {
                    @Override
                    public StreamObserver<ProcessingRequest> process(StreamObserver<ProcessingResponse> out) {
                        return new StreamObserver<>() {
                            @Override
                            public void onNext(ProcessingRequest request) {
                                out.onNext(pick);
                            }

                            @Override
                            public void onError(Throwable t) {
                                // the client went away; nothing to release
                            }

                            @Override
                            public void onCompleted() {
                                out.onCompleted();
                            }
                        };
                    }
                }).build().start().awaitTermination();
    }
}
