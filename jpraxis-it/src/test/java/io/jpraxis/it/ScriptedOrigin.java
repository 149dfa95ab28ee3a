package io.jpraxis.it;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * An HTTP/1.1 origin on a raw socket whose answers a test writes itself, one script per accepted
 * connection: what real origins do that {@code TestOrigin} does not (chunked trailers, holding a
 * request, closing a pooled connection with a request on it). Heads it read are kept in order.
 */
final class ScriptedOrigin implements AutoCloseable {
    /** What one connection does: reads what it wants through the exchange, answers, returns. */
    @FunctionalInterface
    interface Script {
        void run(Exchange exchange) throws IOException, InterruptedException;
    }

    /** One connection, as a script sees it. */
    final class Exchange {
        private final Socket socket;
        private final InputStream in;

        Exchange(Socket socket) throws IOException {
            this.socket = socket;
            this.in = socket.getInputStream();
        }

        /** The next request head, lower-cased (recorded); null when the peer closed first. */
        String readHead() throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int b;
            while ((b = in.read()) >= 0) {
                head.write(b);
                if (head.size() >= 4 && head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                    String text = head.toString(StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
                    heads.add(text);
                    return text;
                }
            }
            return null;
        }

        /** Exactly {@code n} body bytes. */
        byte[] readBody(int n) throws IOException {
            return in.readNBytes(n);
        }

        void write(String text) throws IOException {
            write(text.getBytes(StandardCharsets.ISO_8859_1));
        }

        void write(byte[] bytes) throws IOException {
            socket.getOutputStream().write(bytes);
            socket.getOutputStream().flush();
        }
    }

    private final ServerSocket server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<String> heads = new CopyOnWriteArrayList<>();

    /** Runs {@code scripts[i]} on the i-th connection; later connections are closed at once. */
    ScriptedOrigin(Script... scripts) throws IOException {
        this.server = new ServerSocket(0, 16, InetAddress.getLoopbackAddress());
        threads.execute(() -> accept(List.of(scripts)));
    }

    private void accept(List<Script> scripts) {
        for (int i = 0; !server.isClosed(); i++) {
            Socket socket;
            try {
                socket = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            Script script = i < scripts.size() ? scripts.get(i) : x -> { };
            threads.execute(() -> {
                try (Socket s = socket) {
                    script.run(new Exchange(s));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
    }

    String address() {
        return "127.0.0.1:" + server.getLocalPort();
    }

    /** Request heads read so far, lower-cased, in order. */
    List<String> heads() {
        return List.copyOf(heads);
    }

    /** The value of {@code name} in {@code head} (lower-cased), or null. */
    static String header(String head, String name) {
        for (String line : head.split("\r\n")) {
            if (line.startsWith(name + ":")) {
                return line.substring(name.length() + 1).trim();
            }
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        server.close();
        threads.shutdownNow();
    }
}
