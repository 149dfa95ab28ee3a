package io.jpraxis.http.testing;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;

/**
 * The JDK's {@link WebSocket} client with its messages collected: each whole text or binary
 * message lands in {@link #next()}, the close in {@link #closed()}. Waits are bounded.
 */
public final class WsClient implements AutoCloseable {
    /** A whole message: its text, or its bytes for a binary one. */
    public record Message(String text, byte[] bytes) {
    }

    /** The peer's close: its status code and reason. */
    public record Close(int status, String reason) {
    }

    private final HttpClient http;
    private final BlockingQueue<Message> messages = new LinkedBlockingQueue<>();
    private final CompletableFuture<Close> closed = new CompletableFuture<>();
    private final WebSocket socket;

    private WsClient(URI uri, HttpClient http) {
        this.http = http;
        socket = http.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(5))
                .buildAsync(uri, new Collector()).orTimeout(10, TimeUnit.SECONDS).join();
    }

    /** Opens a WebSocket to {@code ws://127.0.0.1:port/path}. */
    public static WsClient connect(int port, String path) {
        return new WsClient(URI.create("ws://127.0.0.1:" + port + path), HttpClient.newHttpClient());
    }

    /** Opens a WebSocket to {@code wss://127.0.0.1:port/path}, trusting what {@code tls} trusts. */
    public static WsClient connectTls(int port, String path, SSLContext tls) {
        return new WsClient(URI.create("wss://127.0.0.1:" + port + path),
                HttpClient.newBuilder().sslContext(tls).build());
    }

    public WebSocket socket() {
        return socket;
    }

    public void sendText(String text) {
        socket.sendText(text, true).orTimeout(10, TimeUnit.SECONDS).join();
    }

    public void sendBinary(byte[] bytes) {
        socket.sendBinary(ByteBuffer.wrap(bytes), true).orTimeout(10, TimeUnit.SECONDS).join();
    }

    /** The next whole message, waiting at most 10 s. */
    public Message next() throws InterruptedException {
        Message m = messages.poll(10, TimeUnit.SECONDS);
        if (m == null) {
            throw new AssertionError("no WebSocket message within 10 s");
        }
        return m;
    }

    /** The peer's close, waiting at most 10 s. */
    public Close closed() {
        return closed.orTimeout(10, TimeUnit.SECONDS).join();
    }

    @Override
    public void close() {
        socket.abort();
        http.close();
    }

    private final class Collector implements WebSocket.Listener {
        private final StringBuilder text = new StringBuilder();
        private final ByteArrayOutputStream binary = new ByteArrayOutputStream();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                messages.add(new Message(text.toString(), null));
                text.setLength(0);
            }
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onBinary(WebSocket ws, ByteBuffer data, boolean last) {
            byte[] part = new byte[data.remaining()];
            data.get(part);
            binary.writeBytes(part);
            if (last) {
                messages.add(new Message(null, binary.toByteArray()));
                binary.reset();
            }
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket ws, int statusCode, String reason) {
            closed.complete(new Close(statusCode, reason));
            return null;
        }

        @Override
        public void onError(WebSocket ws, Throwable error) {
            closed.completeExceptionally(error);
        }
    }

    /** UTF-8 text of {@code bytes}. */
    public static String utf8(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
