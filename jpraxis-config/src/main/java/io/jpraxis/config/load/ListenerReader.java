package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.model.ListenerConfig;
import io.jpraxis.config.model.ListenerConfig.ListenerProtocol;
import io.jpraxis.config.model.ListenerTlsConfig;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.read.Suggestions;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.ConfigLimits;
import io.jpraxis.config.validate.Names;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads {@code listeners} (see docs/behaviour/http-edge.md#connection-caps-and-keep-alive): at
 * least one, unique names, chains that exist.
 */
public final class ListenerReader {
    /** Listeners one config may declare, as in Praxis. */
    static final int MAX_LISTENERS = 1_000;
    /** The keys of one listener. */
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("A socket the gateway accepts clients on.",
            key("name", KeyType.text(), "Unique listener name.").asRequired(),
            key("address", KeyType.text(), "host:port to bind, as 127.0.0.1:8080 or [::1]:8080.").asRequired(),
            key("protocol", KeyType.choice(ListenerProtocol.class), "Listener protocol; tcp is not implemented yet.")
                    .withDefault("http"),
            key("filter_chains", KeyType.listOf(KeyType.text()),
                    "Names of the top-level filter chains every request runs, in order; an HTTP listener"
                            + " needs at least one."),
            key("max_connections", KeyType.integer(1, ConfigLimits.MAX_DOWNSTREAM_CONNECTIONS),
                    "Most client connections open at once on this listener; unset: no cap."),
            key("downstream_read_timeout_ms", KeyType.integer(1, ConfigLimits.MAX_DOWNSTREAM_TIMEOUT_MS),
                    "How long a client may take to send its request, in milliseconds."),
            key("downstream_keepalive_timeout_ms", KeyType.integer(1, ConfigLimits.MAX_DOWNSTREAM_TIMEOUT_MS),
                    "How long an idle kept-alive client connection stays open, in milliseconds."),
            key("tls", KeyType.object(ListenerTlsReader.KEYS), "TLS termination; unset: "
                    + "cleartext. Changing it needs a restart."))
            .withNotImplemented("upstream", "cluster", "tcp_session_timeout_ms", "tcp_max_duration_secs");

    private ListenerReader() {
    }

    /** Reads the required, non-empty list; {@code chainNames} are the chains declared in the config. */
    public static List<ListenerConfig> readList(ConfigNode node, ConfigPath path, Diagnostics d, Set<String> chainNames) {
        List<ConfigNode> items = Scalars.list(node, path, d).orElse(null);
        if (items == null) {
            return List.of();
        }
        if (items.isEmpty()) {
            d.invalid(path, node.line(), "[]", "at least one listener");
        }
        List<ListenerConfig> out = new ArrayList<>();
        Map<String, Integer> firstLine = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            ConfigPath itemPath = path.index(i);
            read(items.get(i), itemPath, d, chainNames).ifPresent(listener -> {
                Integer first = firstLine.putIfAbsent(listener.name(), listener.source().line());
                if (first != null) {
                    d.error(itemPath.key("name"), listener.source().line(), "duplicate listener name '"
                            + listener.name() + "' (first declared at line " + first + ")");
                }
                out.add(listener);
            });
        }
        if (items.size() > MAX_LISTENERS) {
            d.invalid(path, node.line(), items.size() + " listeners", "at most " + MAX_LISTENERS);
        }
        ListenerBinds.check(out, d);
        return out;
    }

    private static Optional<ListenerConfig> read(ConfigNode node, ConfigPath path, Diagnostics d,
            Set<String> chainNames) {
        MapReader r = MapReader.of(node, path, d, KEYS);
        String name = r.requiredString("name");
        if (name != null) {
            Names.checkName(name, r.path("name"), r.line("name"), d);
        }
        HostPort address = r.require("address")
                ? HostPortParser.readBindAddress(r.node("address").orElseThrow(), r.path("address"), d).orElse(null)
                : null;
        ListenerProtocol protocol = r.enumValue("protocol", ListenerProtocol.class).orElse(ListenerProtocol.HTTP);
        if (protocol == ListenerProtocol.TCP) {
            r.error("protocol", "\"tcp\" is not implemented in jpraxis (expected: http; TCP listeners come later)");
        }
        List<String> chains = chains(r, name, chainNames);
        if (protocol == ListenerProtocol.HTTP && r.list("filter_chains").map(List::isEmpty).orElse(true)) {
            // A chainless HTTP listener would accept connections with nothing to run on them.
            r.invalid("filter_chains", "at least one filter chain for an HTTP listener");
        }
        ListenerTlsConfig tls = r.present("tls")
                .flatMap(n -> ListenerTlsReader.read(n, r.path("tls"), d)).orElse(null);
        ListenerConfig listener = new ListenerConfig(name, address, protocol, chains,
                r.integer("max_connections").map(Long::intValue).orElse(null),
                r.integer("downstream_read_timeout_ms").orElse(null),
                r.integer("downstream_keepalive_timeout_ms").orElse(null),
                tls, new SourceRef(path, node.line()));
        r.finish();
        return name == null ? Optional.empty() : Optional.of(listener);
    }

    private static List<String> chains(MapReader r, String listener, Set<String> chainNames) {
        List<ConfigNode> items = r.list("filter_chains").orElse(List.of());
        List<String> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            ConfigNode item = items.get(i);
            ConfigPath itemPath = r.path("filter_chains").index(i);
            Scalars.string(item, itemPath, r.diagnostics()).ifPresent(chain -> {
                if (!chainNames.contains(chain)) {
                    r.diagnostics().error(itemPath, item.line(), "listener '" + listener
                            + "' references unknown filter chain '" + chain + "'" + Suggestions.hint(chain, chainNames));
                }
                out.add(chain);
            });
        }
        return out;
    }
}
