package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ForwardingServerCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import io.jpraxis.config.model.ClusterHttpConfig.HttpVersion;
import io.jpraxis.http.testing.TestCluster;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * gRPC through the gateway end to end: a grpc-java server behind a cluster with {@code http.version:
 * h2}, a grpc-java client speaking h2c to the gateway. The four call shapes, status codes and
 * trailing metadata, and deadlines (see docs/behaviour/upstream-http2.md#trailers).
 */
@Timeout(60)
class GrpcEndToEndTest {
    private static final String SERVICE = "jpraxis.test.Echo";
    private static final MethodDescriptor.Marshaller<String> TEXT = new TextMarshaller();
    private static final MethodDescriptor<String, String> UNARY = method("Unary", MethodDescriptor.MethodType.UNARY);
    private static final MethodDescriptor<String, String> SPLIT = method("Split",
            MethodDescriptor.MethodType.SERVER_STREAMING);
    private static final MethodDescriptor<String, String> JOIN = method("Join",
            MethodDescriptor.MethodType.CLIENT_STREAMING);
    private static final MethodDescriptor<String, String> CHAT = method("Chat", MethodDescriptor.MethodType.BIDI_STREAMING);
    private static final Metadata.Key<String> TRAILER = Metadata.Key.of("x-echo-trailer", Metadata.ASCII_STRING_MARSHALLER);
    private static final Metadata.Key<String> TIMEOUT = Metadata.Key.of("grpc-timeout", Metadata.ASCII_STRING_MARSHALLER);

    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor();
    private final AtomicReference<String> seenTimeout = new AtomicReference<>();
    private Server server;
    private TestGateway gateway;
    private ManagedChannel channel;

    @BeforeEach
    void start() throws IOException {
        server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                .addService(ServerInterceptors.intercept(service(), new TrailerAndTimeout()))
                .build().start();
        TestCluster cluster = TestCluster.named("grpc").endpoint("127.0.0.1", server.getPort()).version(HttpVersion.H2);
        gateway = TestGateway.builder().filter(TestFilters.firstEndpoint(cluster.state())).start();
        channel = NettyChannelBuilder.forAddress("127.0.0.1", gateway.port()).usePlaintext().build();
    }

    @AfterEach
    void stop() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        gateway.close();
        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        timers.shutdownNow();
    }

    @Test
    void unaryCallReturnsTheAnswerAndTrailingMetadata() {
        Ended ended = call(UNARY, "hello");

        assertThat(ended.messages()).containsExactly("echo:hello");
        assertThat(ended.status().getCode()).isEqualTo(Status.Code.OK);
        assertThat(ended.trailers().get(TRAILER)).as("custom trailing metadata crosses the gateway")
                .isEqualTo("unary");
    }

    @Test
    void serverErrorStatusAndItsMetadataPassThrough() {
        assertThatThrownBy(() -> ClientCalls.blockingUnaryCall(channel, UNARY, CallOptions.DEFAULT, "fail"))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
                    assertThat(e.getStatus().getDescription()).isEqualTo("the origin refused: fail");
                    assertThat(e.getTrailers().get(TRAILER)).as("metadata of a Trailers-Only answer")
                            .isEqualTo("error");
                });
    }

    @Test
    void serverStreamingDeliversEveryMessageInOrder() {
        Iterator<String> parts = ClientCalls.blockingServerStreamingCall(channel, SPLIT, CallOptions.DEFAULT, "a,b,c,d");
        List<String> received = new ArrayList<>();
        parts.forEachRemaining(received::add);
        assertThat(received).containsExactly("a", "b", "c", "d");
    }

    @Test
    void clientStreamingJoinsEveryMessage() {
        List<String> requests = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            requests.add("m" + i);
        }
        Ended ended = call(JOIN, requests.toArray(String[]::new));
        assertThat(ended.status().getCode()).isEqualTo(Status.Code.OK);
        assertThat(ended.messages()).containsExactly(String.join("+", requests));
    }

    @Test
    void bidirectionalStreamingAnswersEachMessageBeforeTheNextIsSent() throws InterruptedException {
        BlockingQueue<String> replies = new LinkedBlockingQueue<>();
        CompletableFuture<String> done = new CompletableFuture<>();
        StreamObserver<String> requests = ClientCalls.asyncBidiStreamingCall(channel.newCall(CHAT, CallOptions.DEFAULT),
                new StreamObserver<>() {
                    @Override
                    public void onNext(String value) {
                        replies.add(value);
                    }

                    @Override
                    public void onError(Throwable t) {
                        done.completeExceptionally(t);
                    }

                    @Override
                    public void onCompleted() {
                        done.complete("completed");
                    }
                });
        for (int i = 0; i < 20; i++) {
            requests.onNext("ping" + i);
            // Nothing is buffered whole on either side: each reply arrives while the call is open.
            assertThat(replies.poll(5, TimeUnit.SECONDS)).isEqualTo("pong" + i);
        }
        requests.onCompleted();
        assertThat(done.join()).isEqualTo("completed");
    }

    @Test
    void clientDeadlineReachesTheServerAndEndsTheCall() {
        assertThatThrownBy(() -> ClientCalls.blockingUnaryCall(channel, UNARY,
                CallOptions.DEFAULT.withDeadlineAfter(300, TimeUnit.MILLISECONDS), "slow"))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED));
        assertThat(seenTimeout.get()).as("grpc-timeout crossed the gateway").isNotNull().matches("\\d+[HMSmun]");
    }

    @Test
    void deadlineWithinReachLetsTheCallFinish() {
        String answer = ClientCalls.blockingUnaryCall(channel, UNARY,
                CallOptions.DEFAULT.withDeadlineAfter(5, TimeUnit.SECONDS), "quick");
        assertThat(answer).isEqualTo("echo:quick");
        assertThat(seenTimeout.get()).as("a 5 s deadline arrives as at most 5 s").isNotNull();
    }

    // ---- the service ----

    private ServerServiceDefinition service() {
        return ServerServiceDefinition.builder(SERVICE)
                .addMethod(UNARY, ServerCalls.asyncUnaryCall(this::unary))
                .addMethod(SPLIT, ServerCalls.asyncServerStreamingCall((String request, StreamObserver<String> out) -> {
                    for (String part : request.split(",")) {
                        out.onNext(part);
                    }
                    out.onCompleted();
                }))
                .addMethod(JOIN, ServerCalls.asyncClientStreamingCall(out -> new StreamObserver<String>() {
                    private final StringBuilder joined = new StringBuilder();

                    @Override
                    public void onNext(String value) {
                        joined.append(joined.isEmpty() ? "" : "+").append(value);
                    }

                    @Override
                    public void onError(Throwable t) {
                    }

                    @Override
                    public void onCompleted() {
                        out.onNext(joined.toString());
                        out.onCompleted();
                    }
                }))
                .addMethod(CHAT, ServerCalls.asyncBidiStreamingCall(out -> new StreamObserver<String>() {
                    @Override
                    public void onNext(String value) {
                        out.onNext(value.replace("ping", "pong"));
                    }

                    @Override
                    public void onError(Throwable t) {
                    }

                    @Override
                    public void onCompleted() {
                        out.onCompleted();
                    }
                }))
                .build();
    }

    private void unary(String request, StreamObserver<String> out) {
        switch (request) {
            case "fail" -> {
                Metadata trailers = new Metadata();
                trailers.put(TRAILER, "error");
                out.onError(Status.FAILED_PRECONDITION.withDescription("the origin refused: fail")
                        .asRuntimeException(trailers));
            }
            case "slow" -> timers.schedule(() -> {
                out.onNext("too late");
                out.onCompleted();
            }, 3, TimeUnit.SECONDS);
            default -> {
                out.onNext("echo:" + request);
                out.onCompleted();
            }
        }
    }

    /** Notes the call's {@code grpc-timeout} and adds trailing metadata to every OK close. */
    private final class TrailerAndTimeout implements ServerInterceptor {
        @Override
        public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
                ServerCallHandler<Q, A> next) {
            if (headers.get(TIMEOUT) != null) {
                seenTimeout.set(headers.get(TIMEOUT));
            }
            return next.startCall(new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
                @Override
                public void close(Status status, Metadata trailers) {
                    if (status.isOk()) {
                        trailers.put(TRAILER, "unary");
                    }
                    super.close(status, trailers);
                }
            }, headers);
        }
    }

    /** What a call brought back: its messages, its status and its trailing metadata. */
    private record Ended(List<String> messages, Status status, Metadata trailers) {
    }

    /** Sends {@code requests}, half-closes, and waits for the call to end. */
    private Ended call(MethodDescriptor<String, String> method, String... requests) {
        ClientCall<String, String> call = channel.newCall(method, CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS));
        List<String> messages = new CopyOnWriteArrayList<>();
        CompletableFuture<Ended> ended = new CompletableFuture<>();
        call.start(new ClientCall.Listener<>() {
            @Override
            public void onMessage(String message) {
                messages.add(message);
                call.request(1);
            }

            @Override
            public void onClose(Status status, Metadata trailers) {
                ended.complete(new Ended(List.copyOf(messages), status, trailers));
            }
        }, new Metadata());
        call.request(1);
        for (String request : requests) {
            call.sendMessage(request);
        }
        call.halfClose();
        return ended.join();
    }

    private static MethodDescriptor<String, String> method(String name, MethodDescriptor.MethodType type) {
        return MethodDescriptor.<String, String>newBuilder().setType(type)
                .setFullMethodName(MethodDescriptor.generateFullMethodName(SERVICE, name))
                .setRequestMarshaller(TEXT).setResponseMarshaller(TEXT).build();
    }

    /** Messages as UTF-8 text: no protobuf needed. */
    private static final class TextMarshaller implements MethodDescriptor.Marshaller<String> {
        @Override
        public InputStream stream(String value) {
            return new ByteArrayInputStream(value.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public String parse(InputStream stream) {
            try {
                return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
