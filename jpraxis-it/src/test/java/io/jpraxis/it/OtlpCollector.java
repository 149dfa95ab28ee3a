package io.jpraxis.it;

import com.sun.net.httpserver.HttpServer;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.InsecureServerCredentials;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.stub.StreamObserver;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.collector.trace.v1.TraceServiceGrpc;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A small OTLP trace collector on a loopback port: the {@code TraceService} over gRPC, or
 * {@code POST /v1/traces} with a protobuf body over HTTP. It keeps every span it receives, with the
 * resource it came under and the {@code authorization} header of its export.
 */
final class OtlpCollector implements AutoCloseable {
    /** A span as it arrived, with its export's resource and authorization header. */
    record Received(Span span, Resource resource, String authorization) {
    }

    private static final Metadata.Key<String> AUTHORIZATION =
            Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

    private final List<Received> spans = new CopyOnWriteArrayList<>();
    private final Server grpc;
    private final HttpServer http;

    private OtlpCollector(boolean overGrpc) {
        try {
            if (overGrpc) {
                grpc = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0),
                        InsecureServerCredentials.create())
                        .addService(ServerInterceptors.intercept(new Traces(), new AuthorizationCapture())).build()
                        .start();
                http = null;
            } else {
                http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
                http.createContext("/v1/traces", exchange -> {
                    ExportTraceServiceRequest request = ExportTraceServiceRequest.parseFrom(
                            exchange.getRequestBody().readAllBytes());
                    keep(request, exchange.getRequestHeaders().getFirst("authorization"));
                    byte[] body = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
                    exchange.getResponseHeaders().set("content-type", "application/x-protobuf");
                    exchange.sendResponseHeaders(200, body.length);
                    exchange.getResponseBody().write(body);
                    exchange.close();
                });
                http.start();
                grpc = null;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static OtlpCollector grpc() {
        return new OtlpCollector(true);
    }

    static OtlpCollector http() {
        return new OtlpCollector(false);
    }

    /** The base URL exporters are pointed at. */
    String endpoint() {
        int port = grpc != null ? grpc.getPort() : http.getAddress().getPort();
        return "http://127.0.0.1:" + port;
    }

    List<Received> received() {
        return List.copyOf(spans);
    }

    /** Waits until at least {@code count} spans arrived, then returns all of them. */
    List<Received> await(int count, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (spans.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        return received();
    }

    private void keep(ExportTraceServiceRequest request, String authorization) {
        for (ResourceSpans resource : request.getResourceSpansList()) {
            for (ScopeSpans scope : resource.getScopeSpansList()) {
                for (Span span : scope.getSpansList()) {
                    spans.add(new Received(span, resource.getResource(), authorization));
                }
            }
        }
    }

    @Override
    public void close() {
        if (grpc != null) {
            grpc.shutdownNow();
        }
        if (http != null) {
            http.stop(0);
        }
    }

    private static final ThreadLocal<String> CALL_AUTHORIZATION = new ThreadLocal<>();

    /** Hands the call's authorization header to the service method (same thread for a unary call's message). */
    private final class AuthorizationCapture implements ServerInterceptor {
        @Override
        public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                ServerCallHandler<Q, R> next) {
            String authorization = headers.get(AUTHORIZATION);
            ServerCall.Listener<Q> delegate = next.startCall(call, headers);
            return new io.grpc.ForwardingServerCallListener.SimpleForwardingServerCallListener<>(delegate) {
                @Override
                public void onHalfClose() {
                    CALL_AUTHORIZATION.set(authorization);
                    try {
                        super.onHalfClose();
                    } finally {
                        CALL_AUTHORIZATION.remove();
                    }
                }
            };
        }
    }

    private final class Traces extends TraceServiceGrpc.TraceServiceImplBase {
        @Override
        public void export(ExportTraceServiceRequest request, StreamObserver<ExportTraceServiceResponse> response) {
            keep(request, CALL_AUTHORIZATION.get());
            response.onNext(ExportTraceServiceResponse.getDefaultInstance());
            response.onCompleted();
        }
    }
}
