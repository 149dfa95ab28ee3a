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

    /** {@code http://127.0.0.1:port/path} for HTTP/1.1 clients. */
    public String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    /** The same for HTTP/2 prior-knowledge clients. */
    public String h2cUrl(String path) {
        return "http://127.0.0.1:" + h2cPort + path;
    }

    /** {@code 127.0.0.1:port}, as a proxy config names its upstream. */
    public String authority() {
        return "127.0.0.1:" + port;
    }
}
