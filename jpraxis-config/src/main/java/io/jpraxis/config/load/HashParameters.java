package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyDescriptor;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.ClusterConfig.LoadBalancerStrategy;
import io.jpraxis.config.model.HashSizing;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.Names;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The parameters of the hash strategies: {@code header} for all three, {@code table_size} for
 * {@code maglev}, {@code virtual_nodes} for {@code ring_hash} (see
 * docs/reference/config/clusters.md#hash-strategies).
 */
final class HashParameters {
    private static final KeyDescriptor HEADER = key("header", KeyType.text(),
            "Request header whose value is hashed; unset or absent: the request path.");
    private static final KeyDescriptor TABLE_SIZE = key("table_size",
            KeyType.integer(2, HashSizing.MAX_TABLE_SIZE), "Entries in the lookup table; a prime, at least the "
                    + "number of endpoints (larger: closer to the weights, more memory).")
            .withDefault(HashSizing.DEFAULT_TABLE_SIZE).withRule("a prime number");
    private static final KeyDescriptor VIRTUAL_NODES = key("virtual_nodes",
            KeyType.integer(1, HashSizing.MAX_VIRTUAL_NODES), "Points the heaviest endpoint gets on the ring; "
                    + "others get a share by weight, at least one (more: closer to the weights, more memory).")
            .withDefault(HashSizing.DEFAULT_VIRTUAL_NODES);

    private HashParameters() {
    }

    /** The keys {@code strategy}'s map form takes. */
    static ObjectDescriptor descriptor(LoadBalancerStrategy strategy) {
        List<KeyDescriptor> keys = new ArrayList<>(List.of(HEADER));
        switch (strategy) {
            case MAGLEV -> keys.add(TABLE_SIZE);
            case RING_HASH -> keys.add(VIRTUAL_NODES);
            default -> {
                // consistent_hash takes the header only
            }
        }
        return ObjectDescriptor.of("Parameters of " + Scalars.yamlName(strategy) + ".",
                keys.toArray(KeyDescriptor[]::new));
    }

    /** Reads {@code value}, the map under a hash strategy's name; empty when anything in it was wrong. */
    static Optional<StrategyReader.Strategy> read(LoadBalancerStrategy strategy, ConfigNode value, ConfigPath path,
            Diagnostics d) {
        MapReader r = MapReader.of(value, path, d, descriptor(strategy));
        String header = r.string("header").filter(h -> Names.checkHeaderName(h, r.path("header"), r.line("header"), d))
                .orElse(null);
        long table = HashSizing.DEFAULT_TABLE_SIZE;
        long nodes = HashSizing.DEFAULT_VIRTUAL_NODES;
        if (strategy == LoadBalancerStrategy.MAGLEV) {
            table = r.integer("table_size").orElse(table);
            if (r.has("table_size") && !HashSizing.isPrime(table)) {
                r.invalid("table_size", "a prime number, such as 65537");
            }
        } else if (strategy == LoadBalancerStrategy.RING_HASH) {
            nodes = r.integer("virtual_nodes").orElse(nodes);
        }
        if (!r.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(new StrategyReader.Strategy(strategy, header,
                new HashSizing((int) table, (int) nodes)));
    }
}
