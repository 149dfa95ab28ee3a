package io.jpraxis.core.upstream;

/** One upstream address with its balancing weight. */
public record Endpoint(String host, int port, int weight) {
    /** {@code host:port}, bracketing IPv6 literals. */
    public String address() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }
}
