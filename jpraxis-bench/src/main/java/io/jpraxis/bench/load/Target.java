package io.jpraxis.bench.load;

/**
 * A started server the workloads are pointed at.
 *
 * @param port its HTTP/1.1 port on 127.0.0.1
 * @param h2cPort its cleartext HTTP/2 (prior knowledge) port; jpraxis serves both on one port,
 *     nginx and HAProxy need a second listener
 * @param processes the processes whose CPU and memory are charged to it
 */
public record Target(TargetKind kind, int port, int h2cPort, ProcessGroup processes, ManagedProcess process) {

    /** {@code http://127.0.0.1:port/path} for HTTP/1.1 clients ({@code https} on a TLS target). */
    public String url(String path) {
        return scheme() + "://127.0.0.1:" + port + path;
    }

    /**
     * The same for HTTP/2 clients: prior knowledge on cleartext, ALPN {@code h2} on a TLS target
     * (whose one port serves both).
     */
    public String h2cUrl(String path) {
        return scheme() + "://127.0.0.1:" + h2cPort + path;
    }

    /** {@code ws://127.0.0.1:port/path} for WebSocket clients. */
    public String wsUrl(String path) {
        return (kind.tls() ? "wss" : "ws") + "://127.0.0.1:" + port + path;
    }

    private String scheme() {
        return kind.tls() ? "https" : "http";
    }

    /** {@code 127.0.0.1:port}, as a proxy config names its upstream. */
    public String authority() {
        return "127.0.0.1:" + port;
    }
}
