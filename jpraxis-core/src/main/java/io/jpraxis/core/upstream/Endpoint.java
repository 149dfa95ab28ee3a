package io.jpraxis.core.upstream;

/** One upstream address with its balancing weight. */
public record Endpoint(String host, int port, int weight) {
    /** {@code host:port}, bracketing IPv6 literals. */
    public String address() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    /**
     * The {@code Host} naming this endpoint ({@code http.authority: {from: endpoint}}): its
     * address without the scheme's default port (80, or 443 over TLS; RFC 9110 7.2).
     */
    public String authority(boolean tls) {
        boolean defaultPort = port == (tls ? 443 : 80);
        String name = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        return defaultPort ? name : name + ":" + port;
    }
}
