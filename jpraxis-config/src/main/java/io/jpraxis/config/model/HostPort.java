package io.jpraxis.config.model;

/**
 * A {@code host:port} pair as written ({@code 127.0.0.1:8080}, {@code [::1]:80}, {@code api.example.com:443}).
 * IPv6 hosts are kept without brackets.
 */
public record HostPort(String host, int port) {

    /** Renders back with brackets for IPv6 literals. */
    public String render() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    @Override
    public String toString() {
        return render();
    }
}
