package io.jpraxis.server.telemetry;

import io.grpc.CallOptions;
import io.grpc.ChannelCredentials;
import io.grpc.ClientCall;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.TlsChannelCredentials;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.common.export.GrpcResponse;
import io.opentelemetry.sdk.common.export.GrpcSender;
import io.opentelemetry.sdk.common.export.GrpcSenderConfig;
import io.opentelemetry.sdk.common.export.GrpcStatusCode;
import io.opentelemetry.sdk.common.export.MessageWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One OTLP export over gRPC per {@link #send}: a unary call of the exporter's method on a channel
 * to the configured endpoint ({@code http://} plaintext, {@code https://} TLS with the JDK's trust).
 * The exporter's export headers go as call metadata; the exporter retries by the status it gets.
 */
final class GrpcJavaSender implements GrpcSender {
    private final ManagedChannel channel;
    private final MethodDescriptor<MessageWriter, byte[]> method;
    private final GrpcSenderConfig config;

    GrpcJavaSender(GrpcSenderConfig config) {
        this.config = config;
        URI endpoint = config.getEndpoint();
        boolean tls = "https".equals(endpoint.getScheme());
        int port = endpoint.getPort() > 0 ? endpoint.getPort() : tls ? 443 : 80;
        ChannelCredentials credentials = tls ? TlsChannelCredentials.create() : InsecureChannelCredentials.create();
        this.channel = Grpc.newChannelBuilderForAddress(endpoint.getHost(), port, credentials).build();
        this.method = MethodDescriptor.<MessageWriter, byte[]>newBuilder()
                .setType(MethodDescriptor.MethodType.UNARY)
                .setFullMethodName(config.getFullMethodName())
                .setRequestMarshaller(new WriterMarshaller())
                .setResponseMarshaller(new BytesMarshaller())
                .build();
    }

    @Override
    public void send(MessageWriter message, Consumer<GrpcResponse> onResponse, Consumer<Throwable> onError) {
        CallOptions options = CallOptions.DEFAULT.withDeadlineAfter(config.getTimeout().toNanos(), TimeUnit.NANOSECONDS);
        ClientCall<MessageWriter, byte[]> call = channel.newCall(method, options);
        try {
            Metadata metadata = metadata(config.getHeadersSupplier() == null ? Map.of()
                    : config.getHeadersSupplier().get());
            call.start(new ClientCall.Listener<>() {
                private byte[] body = new byte[0];

                @Override
                public void onMessage(byte[] message) {
                    body = message;
                }

                @Override
                public void onClose(Status status, Metadata trailers) {
                    onResponse.accept(response(status, body));
                }
            }, metadata);
            call.request(1);
            call.sendMessage(message);
            call.halfClose();
        } catch (RuntimeException e) {
            call.cancel("export failed to start", e);
            onError.accept(e);
        }
    }

    /** The export headers as call metadata (gRPC names are lower-case; a {@code -bin} name is refused). */
    private static Metadata metadata(Map<String, List<String>> headers) {
        Metadata metadata = new Metadata();
        headers.forEach((name, values) -> values.forEach(value -> metadata.put(
                Metadata.Key.of(name.toLowerCase(Locale.ROOT), Metadata.ASCII_STRING_MARSHALLER), value)));
        return metadata;
    }

    private static GrpcResponse response(Status status, byte[] body) {
        GrpcStatusCode code = GrpcStatusCode.fromValue(status.getCode().value());
        String description = status.getDescription();
        return new GrpcResponse() {
            @Override
            public GrpcStatusCode getStatusCode() {
                return code;
            }

            @Override
            public String getStatusDescription() {
                return description;
            }

            @Override
            public byte[] getResponseMessage() {
                return body;
            }
        };
    }

    @Override
    public CompletableResultCode shutdown() {
        channel.shutdown();
        return CompletableResultCode.ofSuccess();
    }

    /** Writes the exporter's already-encoded request. */
    private static final class WriterMarshaller implements MethodDescriptor.Marshaller<MessageWriter> {
        @Override
        public InputStream stream(MessageWriter value) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(32, value.getContentLength()));
            try {
                value.writeMessage(out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return new ByteArrayInputStream(out.toByteArray());
        }

        @Override
        public MessageWriter parse(InputStream stream) {
            throw new UnsupportedOperationException("a client never reads a request");
        }
    }

    /** Keeps the response as bytes: the exporter reads only its status. */
    private static final class BytesMarshaller implements MethodDescriptor.Marshaller<byte[]> {
        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                return stream.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
