package io.jpraxis.config.load;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.Names;
import java.util.Optional;

/**
 * Parses {@code host:port} as written in config: {@code 10.0.0.1:80}, {@code [::1]:80} or
 * {@code api.example.com:443}. No DNS: a hostname is checked for shape only.
 */
public final class HostPortParser {
    /** Expectation printed for a bad {@code host:port}. */
    public static final String HOST_PORT_RULE =
            "host:port with an IPv4 address, [IPv6] or hostname and a port from 1 to 65535";
    /** Expectation printed for a bad authority (port optional). */
    public static final String AUTHORITY_RULE =
            "host or host:port with an IPv4 address, [IPv6] or hostname and a port from 1 to 65535";
    private static final int MAX_HOSTNAME = 253;

    private HostPortParser() {
    }

    /** The outcome of a parse: a value, or the expectation the text broke. */
    public sealed interface Parsed permits Ok, Bad {
    }

    /** A parsed value; {@code port} is 0 when the port was optional and absent. */
    public record Ok(HostPort value) implements Parsed {
    }

    /** What the text should have looked like. */
    public record Bad(String expectation) implements Parsed {
    }

    /** Parses {@code text}; when {@code portRequired} is false a bare host is accepted with port 0. */
    public static Parsed parse(String text, boolean portRequired) {
        String rule = portRequired ? HOST_PORT_RULE : AUTHORITY_RULE;
        String host;
        String port;
        if (text.startsWith("[")) {
            int close = text.indexOf(']');
            if (close < 0) {
                return new Bad(rule);
            }
            host = text.substring(1, close);
            String rest = text.substring(close + 1);
            if (!rest.isEmpty() && !rest.startsWith(":")) {
                return new Bad(rule);
            }
            port = rest.isEmpty() ? null : rest.substring(1);
            if (IpLiterals.ipv6(host) == null) {
                return new Bad("a valid IPv6 address inside the brackets");
            }
        } else {
            int colon = text.lastIndexOf(':');
            host = colon < 0 ? text : text.substring(0, colon);
            port = colon < 0 ? null : text.substring(colon + 1);
            if (host.indexOf(':') >= 0) {
                return new Bad("an IPv6 address in brackets, as [::1]:8080");
            }
            Bad hostProblem = checkHost(host, rule);
            if (hostProblem != null) {
                return hostProblem;
            }
        }
        if (port == null) {
            return portRequired ? new Bad(rule) : new Ok(new HostPort(host, 0));
        }
        int p = port(port);
        return p < 0 ? new Bad("a port from 1 to 65535 after the host") : new Ok(new HostPort(host, p));
    }

    /** Reads a string node as {@code host:port}, reporting what is wrong. */
    public static Optional<HostPort> read(ConfigNode node, ConfigPath path, Diagnostics d) {
        return Scalars.string(node, path, d).flatMap(text -> report(parse(text, true), text, node, path, d));
    }

    /**
     * Reads an address to bind: like {@link #read} but port 0 is accepted and means "any free port"
     * (tests and embedding code bind that way and ask the server which port it got).
     */
    public static Optional<HostPort> readBindAddress(ConfigNode node, ConfigPath path, Diagnostics d) {
        return Scalars.string(node, path, d).flatMap(text -> {
            if (text.endsWith(":0")) {
                Parsed parsed = parse(text.substring(0, text.length() - 2) + ":1", true);
                if (parsed instanceof Ok ok) {
                    return Optional.of(new HostPort(ok.value().host(), 0));
                }
            }
            return report(parse(text, true), text, node, path, d);
        });
    }

    private static Optional<HostPort> report(Parsed parsed, String text, ConfigNode node, ConfigPath path,
            Diagnostics d) {
        return switch (parsed) {
            case Ok ok -> Optional.of(ok.value());
            case Bad bad -> {
                d.invalid(path, node.line(), Names.quote(text), bad.expectation());
                yield Optional.empty();
            }
        };
    }

    private static Bad checkHost(String host, String rule) {
        if (host.isEmpty()) {
            return new Bad(rule);
        }
        if (IpLiterals.looksLikeIpv4(host)) {
            return IpLiterals.ipv4(host) == null ? new Bad("a valid IPv4 address (four numbers 0-255)") : null;
        }
        return isHostname(host) ? null : new Bad(rule);
    }

    /** DNS-shaped: dot-separated labels of letters, digits, '-' and '_' (Docker and compose names use '_'). */
    static boolean isHostname(String host) {
        String h = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        if (h.isEmpty() || h.length() > MAX_HOSTNAME) {
            return false;
        }
        for (String label : h.split("\\.", -1)) {
            if (label.isEmpty() || label.length() > 63 || label.startsWith("-") || label.endsWith("-")) {
                return false;
            }
            for (int i = 0; i < label.length(); i++) {
                char c = label.charAt(i);
                boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                        || c == '-' || c == '_';
                if (!ok) {
                    return false;
                }
            }
        }
        return true;
    }

    /** 1..65535, digits only, or -1. */
    private static int port(String text) {
        if (text.isEmpty() || text.length() > 5) {
            return -1;
        }
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return -1;
            }
        }
        int p = Integer.parseInt(text);
        return p >= 1 && p <= 65535 ? p : -1;
    }
}
