package io.jpraxis.http.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An origin on blocking sockets that reads one request head per connection and then runs a
 * script on the socket: it answers with exact bytes (a 101 and a frame in one write, a 101 the
 * client cannot use) and then reads or half-closes as the test needs. One virtual thread per
 * connection; {@link #close()} ends them.
 */
public final class ScriptedUpgradeOrigin implements AutoCloseable {
    /** What the origin does after reading a request head. */
    @FunctionalInterface
    public interface Script {
        void run(List<String> head, InputStream in, OutputStream out, Socket socket) throws IOException;
    }

    private final ServerSocket server;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final List<List<String>> heads = new CopyOnWriteArrayList<>();
    /** Failures of the script (other than the peer leaving), for the test to assert none. */
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();

    private ScriptedUpgradeOrigin(Script script) throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(() -> {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    sockets.add(socket);
                    Thread.ofVirtual().start(() -> serve(socket, script));
                } catch (IOException e) {
                    return; // closed
                }
            }
        });
    }

    public static ScriptedUpgradeOrigin start(Script script) throws IOException {
        return new ScriptedUpgradeOrigin(script);
    }

    private void serve(Socket socket, Script script) {
        try (socket) {
            socket.setSoTimeout(10_000);
            InputStream in = socket.getInputStream();
            List<String> head = RawUpgrade.readHead(in);
            heads.add(head);
            script.run(head, in, socket.getOutputStream(), socket);
        } catch (IOException e) {
            // the gateway closed or reset the connection: the script ends here
        } catch (RuntimeException | AssertionError e) {
            failures.add(e);
        }
    }

    public int port() {
        return server.getLocalPort();
    }

    /** The request heads received, oldest first. */
    public List<List<String>> heads() {
        return List.copyOf(heads);
    }

    public List<Throwable> failures() {
        return List.copyOf(failures);
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : sockets) {
            socket.close();
        }
    }
}
