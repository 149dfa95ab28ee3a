package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.CallOptions;
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
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import io.jpraxis.testkit.WebSocketOrigin;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * End-to-end tests of {@code examples/websocket.yaml} and {@code examples/grpc-upstream.yaml}
 * with real clients: the JDK's WebSocket client, grpc-java on both sides of the gateway.
 */
@Timeout(60)
class EdgeProtocolExamplesTest {
    static final String WEBSOCKET = "websocket.yaml";
    static final String GRPC_UPSTREAM = "grpc-upstream.yaml";
    private static final Metadata.Key<String> TIMEOUT = Metadata.Key.of("grpc-timeout", Metadata.ASCII_STRING_MARSHALLER);

    @Test
    void websocketExampleTunnelsTheChatPathAndStripsOtherUpgradeTokens() throws Exception {
        try (WebSocketOrigin chat = WebSocketOrigin.start(); TestOrigin web = TestOrigin.start("web");
                RunningGateway gw = RunningGateway.start(Examples.adapted(WEBSOCKET,
                        Map.of("127.0.0.1:3001", chat.host() + ":" + chat.port(), "127.0.0.1:3002", web.address())))) {
            BlockingQueue<String> received = new LinkedBlockingQueue<>();
            WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder()
                    .buildAsync(URI.create("ws://127.0.0.1:" + gw.port() + "/ws/room"), new WebSocket.Listener() {
                        private final StringBuilder text = new StringBuilder();

                        @Override
                        public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
                            text.append(data);
                            if (last) {
                                received.add(text.toString());
                                text.setLength(0);
                            }
                            socket.request(1);
                            return null;
                        }
                    }).get(10, TimeUnit.SECONDS);
            for (int i = 0; i < 100; i++) {
                ws.sendText("message " + i, true).get(5, TimeUnit.SECONDS);
            }
            for (int i = 0; i < 100; i++) {
                assertThat(received.poll(5, TimeUnit.SECONDS)).isEqualTo("message " + i);
            }
            ws.sendClose(WebSocket.NORMAL_CLOSURE, "bye").get(5, TimeUnit.SECONDS);
            assertThat(chat.lastHead().get("upgrade")).containsExactly("websocket");

            try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                RawResponse plain = conn.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\n"
                        + "Upgrade: IRC/6.9\r\n\r\n").readResponse();
                assertThat(plain.status()).as("another token is answered as a plain request").isEqualTo(200);
                EchoResponse echo = EchoResponse.parse(plain.body());
                assertThat(echo.origin()).isEqualTo("web");
                assertThat(echo.hasHeader("upgrade")).as("the upstream never sees the offer").isFalse();
            }
        }
    }

    @Test
    void grpcExampleCarriesCallsAndTurnsGatewayErrorsIntoGrpcStatuses() throws Exception {
        List<String> timeouts = new CopyOnWriteArrayList<>();
        Server server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                .addService(ServerInterceptors.intercept(echoService(), recordTimeout(timeouts)))
                .build().start();
        ManagedChannel channel = null;
        try (RunningGateway gw = RunningGateway.start(Examples.adapted(GRPC_UPSTREAM,
                Map.of("127.0.0.1:50051", "127.0.0.1:" + server.getPort())))) {
            channel = NettyChannelBuilder.forAddress("127.0.0.1", gw.port()).usePlaintext().build();

            assertThat(ClientCalls.blockingUnaryCall(channel, method("demo.Echo", "Say",
                    MethodDescriptor.MethodType.UNARY), CallOptions.DEFAULT, "hi")).isEqualTo("echo:hi");
            assertThat(timeouts.getLast()).as("a call without a deadline gets default_timeout_ms")
                    .satisfies(t -> assertThat(seconds(t)).isBetween(5.0, 10.0));

            ClientCalls.blockingUnaryCall(channel, method("demo.Echo", "Say", MethodDescriptor.MethodType.UNARY),
                    CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.MINUTES), "long");
            assertThat(seconds(timeouts.getLast())).as("capped at max_timeout_ms").isBetween(20.0, 30.0);

            Iterator<String> parts = ClientCalls.blockingServerStreamingCall(channel, method("demo.Echo", "Split",
                    MethodDescriptor.MethodType.SERVER_STREAMING), CallOptions.DEFAULT, "a,b,c");
            assertThat(parts).toIterable().containsExactly("a", "b", "c");

            ManagedChannel c = channel;
            assertThatThrownBy(() -> ClientCalls.blockingUnaryCall(c, method("demo.Other", "Say",
                    MethodDescriptor.MethodType.UNARY), CallOptions.DEFAULT, "x"))
                    .as("no route: grpc_status answers UNIMPLEMENTED")
                    .isInstanceOfSatisfying(StatusRuntimeException.class,
                            e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED));

            server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            assertThatThrownBy(() -> ClientCalls.blockingUnaryCall(c, method("demo.Echo", "Say",
                    MethodDescriptor.MethodType.UNARY), CallOptions.DEFAULT, "x"))
                    .as("upstream down: UNAVAILABLE")
                    .isInstanceOfSatisfying(StatusRuntimeException.class,
                            e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE));
        } finally {
            if (channel != null) {
                channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            }
            server.shutdownNow();
        }
    }

    /** A grpc-timeout value in seconds ({@code 9999m} is 9.999). */
    private static double seconds(String grpcTimeout) {
        double amount = Double.parseDouble(grpcTimeout.substring(0, grpcTimeout.length() - 1));
        return switch (grpcTimeout.charAt(grpcTimeout.length() - 1)) {
            case 'H' -> amount * 3600;
            case 'M' -> amount * 60;
            case 'S' -> amount;
            case 'm' -> amount / 1e3;
            case 'u' -> amount / 1e6;
            case 'n' -> amount / 1e9;
            default -> throw new IllegalArgumentException(grpcTimeout);
        };
    }

    private static ServerServiceDefinition echoService() {
        return ServerServiceDefinition.builder("demo.Echo")
                .addMethod(method("demo.Echo", "Say", MethodDescriptor.MethodType.UNARY),
                        ServerCalls.asyncUnaryCall((request, out) -> {
                            out.onNext("echo:" + request);
                            out.onCompleted();
                        }))
                .addMethod(method("demo.Echo", "Split", MethodDescriptor.MethodType.SERVER_STREAMING),
                        ServerCalls.asyncServerStreamingCall((request, out) -> {
                            for (String part : request.split(",")) {
                                out.onNext(part);
                            }
                            out.onCompleted();
                        }))
                .build();
    }

    /** Records the grpc-timeout each call reached the server with. */
    private static ServerInterceptor recordTimeout(List<String> into) {
        return new ServerInterceptor() {
            @Override
            public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
                    ServerCallHandler<Q, A> next) {
                into.add(String.valueOf(headers.get(TIMEOUT)));
                return next.startCall(call, headers);
            }
        };
    }

    private static MethodDescriptor<String, String> method(String service, String name,
            MethodDescriptor.MethodType type) {
        return MethodDescriptor.<String, String>newBuilder().setType(type)
                .setFullMethodName(MethodDescriptor.generateFullMethodName(service, name))
                .setRequestMarshaller(Utf8.INSTANCE).setResponseMarshaller(Utf8.INSTANCE).build();
    }

    /** Messages are UTF-8 text: no protobuf needed to exercise the transport. */
    private enum Utf8 implements MethodDescriptor.Marshaller<String> {
        INSTANCE;

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
