package io.jpraxis.bench.extproc;

import io.envoyproxy.envoy.config.core.v3.HeaderMap;
import io.envoyproxy.envoy.config.core.v3.HeaderValue;
import io.envoyproxy.envoy.service.ext_proc.v3.ExternalProcessorGrpc;
import io.envoyproxy.envoy.service.ext_proc.v3.HttpHeaders;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingRequest;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingResponse;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.nio.NioEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioSocketChannel;
import io.grpc.stub.StreamObserver;
import com.google.protobuf.ByteString;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Picker decisions the way Envoy asks for them: one {@code Process} stream per request, request
 * headers with end_of_stream, the one reply, then a half-close. Streams are spread over a few
 * HTTP/2 connections so the server's event loops share the work.
 */
final class DecisionClient implements AutoCloseable {
    static final String ROUTE = "x-gateway-destination-endpoint";

    /** How one decision ended. */
    sealed interface Outcome permits Picked, Refused, Failed {
    }

    /** A pick: envoy.lb carries the route header's value. */
    record Picked(String endpoint) implements Outcome {
    }

    /** Any other reply (an ImmediateResponse, or a reply without the pick). */
    record Refused(String what) implements Outcome {
    }

    /** The stream broke. */
    record Failed(String status) implements Outcome {
    }

    /** Called once per decision, on a client event loop: keep it short. */
    interface Listener {
        void decided(Outcome outcome, long replyNanos);
    }

    private final EventLoopGroup loops;
    private final List<ManagedChannel> channels = new ArrayList<>();
    private final List<ExternalProcessorGrpc.ExternalProcessorStub> stubs = new ArrayList<>();
    private final AtomicInteger next = new AtomicInteger();
    private final ProcessingRequest[] requests;

    DecisionClient(String host, int port, int connections, int loopThreads) {
        // epoll, as the server uses: NIO's selector wake-ups cost the shared cores more per stream.
        boolean epoll = Epoll.isAvailable();
        loops = epoll ? new EpollEventLoopGroup(loopThreads) : new NioEventLoopGroup(loopThreads);
        for (int i = 0; i < connections; i++) {
            ManagedChannel channel = NettyChannelBuilder.forAddress(host, port).usePlaintext().eventLoopGroup(loops)
                    .channelType(epoll ? EpollSocketChannel.class : NioSocketChannel.class).directExecutor().build();
            channels.add(channel);
            stubs.add(ExternalProcessorGrpc.newStub(channel));
        }
        // Two models, alternated, so both candidates are picked; built once, they are immutable.
        requests = new ProcessingRequest[] {request("model-a"), request("model-b")};
    }

    static ProcessingRequest request(String model) {
        HeaderMap.Builder headers = HeaderMap.newBuilder();
        for (String[] h : new String[][] {{":method", "POST"}, {":path", "/v1/chat/completions"},
                {":authority", "gateway.example"}, {":scheme", "http"}, {"content-type", "application/json"},
                {"x-gateway-model-name", model}, {"x-request-id", "bench"}}) {
            headers.addHeaders(HeaderValue.newBuilder().setKey(h[0]).setRawValue(ByteString.copyFromUtf8(h[1])));
        }
        return ProcessingRequest.newBuilder().setRequestHeaders(HttpHeaders.newBuilder().setHeaders(headers)
                .setEndOfStream(true)).build();
    }

    /** Opens one stream and asks for one decision; {@code listener} hears how it ended. */
    void decide(Listener listener, Runnable streamClosed) {
        int n = next.getAndIncrement();
        ExternalProcessorGrpc.ExternalProcessorStub stub = stubs.get(Math.floorMod(n, stubs.size()));
        Reply reply = new Reply(listener, streamClosed);
        StreamObserver<ProcessingRequest> upstream = stub.process(reply);
        reply.upstream = upstream;
        upstream.onNext(requests[n & 1]);
    }

    /** The response side of one stream. */
    private static final class Reply implements StreamObserver<ProcessingResponse> {
        private final Listener listener;
        private final Runnable streamClosed;
        private StreamObserver<ProcessingRequest> upstream;
        private boolean answered;

        Reply(Listener listener, Runnable streamClosed) {
            this.listener = listener;
            this.streamClosed = streamClosed;
        }

        @Override
        public void onNext(ProcessingResponse response) {
            long now = System.nanoTime();
            if (answered) {
                return;
            }
            answered = true;
            listener.decided(outcome(response), now);
            upstream.onCompleted(); // Envoy half-closes once the picker has answered
        }

        @Override
        public void onError(Throwable t) {
            if (!answered) {
                answered = true;
                listener.decided(new Failed(io.grpc.Status.fromThrowable(t).getCode().name()), System.nanoTime());
            }
            streamClosed.run();
        }

        @Override
        public void onCompleted() {
            if (!answered) {
                answered = true;
                listener.decided(new Failed("closed without a reply"), System.nanoTime());
            }
            streamClosed.run();
        }
    }

    static Outcome outcome(ProcessingResponse response) {
        if (response.hasImmediateResponse()) {
            return new Refused("immediate " + response.getImmediateResponse().getStatus().getCodeValue());
        }
        var lb = response.getDynamicMetadata().getFieldsMap().get("envoy.lb");
        var value = lb == null ? null : lb.getStructValue().getFieldsMap().get(ROUTE);
        return value == null ? new Refused("no envoy.lb pick") : new Picked(value.getStringValue());
    }

    @Override
    public void close() throws InterruptedException {
        for (ManagedChannel c : channels) {
            c.shutdownNow();
        }
        for (ManagedChannel c : channels) {
            c.awaitTermination(5, TimeUnit.SECONDS);
        }
        loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
    }
}
