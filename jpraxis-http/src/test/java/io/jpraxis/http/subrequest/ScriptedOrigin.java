package io.jpraxis.http.subrequest;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A blocking loopback origin that answers each request with the exact bytes a test scripts, for
 * framings the echo origin cannot produce (HEAD and 204 answers). Records each request head.
 */
final class ScriptedOrigin implements AutoCloseable {
    private final ServerSocket server;
    private final BiFunction<String, Integer, String> answer;
    private final AtomicInteger accepted = new AtomicInteger();
    private final List<String> heads = new CopyOnWriteArrayList<>();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    /** @param answer the raw response for a request head (its first line and headers) */
    ScriptedOrigin(Function<String, String> answer) throws IOException {
        this((head, index) -> answer.apply(head));
    }

    /**
     * @param answer the raw response for a request head and its index on its connection (0 for the
     *     first); null closes the connection without answering
     */
    ScriptedOrigin(BiFunction<String, Integer, String> answer) throws IOException {
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.answer = answer;
        Thread acceptor = new Thread(this::acceptLoop, "scripted-origin");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return server.getLocalPort();
    }

    int acceptedConnections() {
        return accepted.get();
    }

    List<String> heads() {
        return heads;
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                accepted.incrementAndGet();
                sockets.add(socket);
                Thread worker = new Thread(() -> serve(socket), "scripted-origin-conn");
                worker.setDaemon(true);
                worker.start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void serve(Socket socket) {
        try (socket; InputStream in = socket.getInputStream(); OutputStream out = socket.getOutputStream()) {
            for (int index = 0; ; index++) {
                String head = readHead(in);
                if (head == null) {
                    return;
                }
                heads.add(head);
                in.readNBytes(contentLength(head));
                String response = answer.apply(head, index);
                if (response == null) {
                    return; // close without a byte of response
                }
                out.write(response.getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
            }
        } catch (IOException e) {
            // the client closed the connection
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        int b;
        while ((b = in.read()) >= 0) {
            head.write(b);
            matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
            if (matched == 4) {
                return head.toString(StandardCharsets.ISO_8859_1);
            }
        }
        return null;
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                return Integer.parseInt(line.substring("content-length:".length()).trim());
            }
        }
        return 0;
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : sockets) {
            socket.close();
        }
    }
}
