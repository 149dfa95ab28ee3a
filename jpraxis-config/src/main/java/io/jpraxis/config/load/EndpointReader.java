package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.EndpointConfig;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.ConfigLimits;
import java.util.Map;
import java.util.Optional;

/**
 * Reads one endpoint: {@code "host:port"} or {@code {address, weight, metadata, priority, zone}}
 * (the last three are read by the group strategies; see
 * docs/reference/config/clusters.md#group-strategies). A literal address in a
 * loopback, private, link-local or metadata range (or {@code localhost}) is refused unless
 * {@code insecure_options.allow_private_endpoints}: a config should not be able to aim the
 * gateway at its own host or at cloud credentials by accident.
 */
final class EndpointReader {
    static final String FLAG = "insecure_options.allow_private_endpoints";
    /** The keys of an endpoint written as a map. */
    static final ObjectDescriptor KEYS = ObjectDescriptor.of("An endpoint with a weight and placement.",
            key("address", KeyType.text(), "host:port of the endpoint.").asRequired(),
            key("weight", KeyType.integer(1, ConfigLimits.MAX_WEIGHT), "Share of the traffic, relative to the "
                    + "cluster's other endpoints.").withDefault(1),
            key("metadata", new KeyType.MapOf(KeyType.text(), 0), "Labels the subset strategy selects on "
                    + "(values read as text)."),
            key("priority", KeyType.integer(0, TieredParameters.MAX_U32), "Level for the priority strategy; "
                    + "0 is tried first.").withDefault(0),
            key("zone", new KeyType.Text(1, null), "Zone for the zone_aware strategy."));
    /** An endpoint: {@code "host:port"}, or the map form with a weight. */
    static final KeyType SHAPE = KeyType.oneOf(KeyType.text(), KeyType.object(KEYS));

    private EndpointReader() {
    }

    static Optional<EndpointConfig> read(ConfigNode node, ConfigPath path, Diagnostics d, InsecureOptions insecure) {
        if (node instanceof ConfigNode.MapNode) {
            MapReader r = MapReader.of(node, path, d, KEYS);
            Optional<HostPort> address = r.require("address")
                    ? checked(r.node("address").orElseThrow(), r.path("address"), d, insecure)
                    : Optional.empty();
            int weight = r.integer("weight").map(Long::intValue).orElse(1);
            Map<String, String> metadata = r.present("metadata")
                    .flatMap(n -> StringMaps.read(n, r.path("metadata"), d, null)).orElse(Map.of());
            long priority = r.integer("priority").orElse(0L);
            String zone = r.string("zone").orElse(null);
            if (zone != null && zone.isEmpty()) {
                r.invalid("zone", "a non-empty zone name");
            }
            r.finish();
            return address.map(a -> new EndpointConfig(a, weight, metadata, priority, zone));
        }
        return checked(node, path, d, insecure).map(a -> new EndpointConfig(a, 1));
    }

    private static Optional<HostPort> checked(ConfigNode node, ConfigPath path, Diagnostics d,
            InsecureOptions insecure) {
        Optional<HostPort> address = HostPortParser.read(node, path, d);
        address.ifPresent(a -> {
            AddressClass range = AddressClass.of(a.host());
            if (range != AddressClass.PUBLIC && !insecure.allowPrivateEndpoints()) {
                d.error(path, node.line(), "endpoint " + a.render() + " is in the " + range.label()
                        + " range (expected: a public address; set " + FLAG + ": true to allow it)");
            }
        });
        return address;
    }
}
