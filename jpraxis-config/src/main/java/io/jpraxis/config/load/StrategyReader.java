package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyDescriptor;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.ClusterConfig.LoadBalancerStrategy;
import io.jpraxis.config.model.HashSizing;
import io.jpraxis.config.model.TieredStrategy;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.read.Suggestions;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.Names;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Reads {@code load_balancer_strategy}: a name ({@code round_robin}) or the map form
 * {@code consistent_hash: {header: X}}; {@code maglev} and {@code ring_hash} take the same header and
 * their sizes (see docs/reference/config/clusters.md#hash-strategies), and {@code subset},
 * {@code zone_aware} and {@code priority} their group parameters (see
 * docs/reference/config/clusters.md#group-strategies). A strategy jpraxis did not balance with
 * would be refused as not implemented, apart from names nobody knows.
 */
final class StrategyReader {
    /** The map form: one key, the strategy's name; only the hash strategies take parameters. */
    private static final ObjectDescriptor MAP_FORM = mapForm();
    /** A strategy name, or the map form. */
    static final KeyType SHAPE = KeyType.oneOf(KeyType.choice(LoadBalancerStrategy.class), KeyType.object(MAP_FORM));

    private StrategyReader() {
    }

    /** A parsed strategy; {@code hashHeader} only for the hash strategies, {@code tiered} only for the group ones. */
    record Strategy(LoadBalancerStrategy strategy, String hashHeader, HashSizing sizing, TieredStrategy tiered) {
        static final Strategy DEFAULT = new Strategy(LoadBalancerStrategy.ROUND_ROBIN, null, HashSizing.DEFAULT);

        Strategy(LoadBalancerStrategy strategy, String hashHeader) {
            this(strategy, hashHeader, HashSizing.DEFAULT);
        }

        Strategy(LoadBalancerStrategy strategy, String hashHeader, HashSizing sizing) {
            this(strategy, hashHeader, sizing, null);
        }
    }

    static Optional<Strategy> read(ConfigNode node, ConfigPath path, Diagnostics d) {
        Optional<Strategy> parsed = switch (node) {
            case ConfigNode.MapNode m -> mapForm(m, path, d);
            default -> Scalars.string(node, path, d).flatMap(name -> named(name, node, path, d))
                    .flatMap(s -> plain(s, node, path, d));
        };
        parsed.filter(s -> !ClusterReader.isImplemented(s.strategy())).ifPresent(s -> d.error(path, node.line(),
                Names.quote(Scalars.yamlName(s.strategy())) + " is not implemented in jpraxis (expected: "
                        + implementedChoices() + ")"));
        return parsed;
    }

    /**
     * A strategy written as its bare name. {@code priority} then takes its defaults, as
     * {@code priority: {}}; {@code subset} and {@code zone_aware} have a required parameter, so their
     * bare names are refused with the form to write.
     */
    private static Optional<Strategy> plain(LoadBalancerStrategy s, ConfigNode node, ConfigPath path,
            Diagnostics d) {
        return switch (s) {
            case SUBSET -> needsParameters(node, path, d, "subset: {selector: {version: canary}}");
            case ZONE_AWARE -> needsParameters(node, path, d, "zone_aware: {local_zone: us-east-1a}");
            case PRIORITY -> Optional.of(new Strategy(s, null, HashSizing.DEFAULT, TieredStrategy.Priority.DEFAULT));
            case ROUND_ROBIN, LEAST_CONNECTIONS, P2C, RANDOM, CONSISTENT_HASH, MAGLEV, RING_HASH ->
                    Optional.of(new Strategy(s, null));
        };
    }

    private static Optional<Strategy> needsParameters(ConfigNode node, ConfigPath path, Diagnostics d,
            String example) {
        d.invalid(path, node.line(), node.render(), "the map form with its required parameter, such as " + example);
        return Optional.empty();
    }

    private static Optional<LoadBalancerStrategy> named(String name, ConfigNode node, ConfigPath path,
            Diagnostics d) {
        for (LoadBalancerStrategy s : LoadBalancerStrategy.values()) {
            if (Scalars.yamlName(s).equals(name)) {
                return Optional.of(s);
            }
        }
        List<String> names = Arrays.stream(LoadBalancerStrategy.values()).map(Scalars::yamlName).toList();
        d.error(path, node.line(), Names.quote(name) + " (expected: " + Scalars.choices(LoadBalancerStrategy.class)
                + ")" + Suggestions.hint(name, names));
        return Optional.empty();
    }

    /** {@code {consistent_hash: {header: X}}}; the single key names the strategy. */
    private static Optional<Strategy> mapForm(ConfigNode.MapNode m, ConfigPath path, Diagnostics d) {
        if (m.entries().size() != 1) {
            d.invalid(path, m.line(), m.render(), "a strategy name, or a map with one key such as "
                    + "consistent_hash: {header: x-user-id}");
            return Optional.empty();
        }
        ConfigNode.MapNode.Entry entry = m.entries().get(0);
        ConfigPath entryPath = path.key(entry.key());
        Optional<LoadBalancerStrategy> strategy = named(entry.key(),
                new ConfigNode.ScalarNode(entry.key(), ConfigNode.ScalarKind.STRING, entry.keyLine()), path, d);
        if (strategy.isEmpty()) {
            return Optional.empty();
        }
        if (!takesParameters(strategy.get())) {
            // Parameters of other strategies are not modelled: refuse them rather than drop them
            // (strategies refused as not implemented say so instead).
            if (ClusterReader.isImplemented(strategy.get()) && !isEmpty(entry.value())) {
                d.invalid(entryPath, entry.value().line(), entry.value().render(), "no parameters; write "
                        + Names.quote(entry.key()) + " as a plain strategy name");
                return Optional.empty();
            }
            return strategy.map(s -> new Strategy(s, null));
        }
        if (TieredParameters.isTiered(strategy.get())) {
            return TieredParameters.read(strategy.get(), entry.value(), entryPath, d)
                    .map(t -> new Strategy(strategy.get(), null, HashSizing.DEFAULT, t));
        }
        if (entry.value() instanceof ConfigNode.NullNode) {
            return Optional.of(new Strategy(strategy.get(), null));
        }
        return HashParameters.read(strategy.get(), entry.value(), entryPath, d);
    }

    /** Whether {@code s} has a map form with parameters. */
    static boolean takesParameters(LoadBalancerStrategy s) {
        return s == LoadBalancerStrategy.CONSISTENT_HASH || s == LoadBalancerStrategy.MAGLEV
                || s == LoadBalancerStrategy.RING_HASH || TieredParameters.isTiered(s);
    }

    private static ObjectDescriptor mapForm() {
        List<KeyDescriptor> keys = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (LoadBalancerStrategy s : LoadBalancerStrategy.values()) {
            String name = Scalars.yamlName(s);
            names.add(name);
            keys.add(takesParameters(s)
                    ? key(name, KeyType.object(TieredParameters.isTiered(s) ? TieredParameters.descriptor(s)
                            : HashParameters.descriptor(s)), name + " with its parameters.")
                    : key(name, new KeyType.Open(), name + " (takes no parameters)."));
        }
        return new ObjectDescriptor("A strategy written as a one-key map.", keys, true, List.of(), List.of(names));
    }

    private static boolean isEmpty(ConfigNode value) {
        return value instanceof ConfigNode.NullNode || value instanceof ConfigNode.MapNode m && m.entries().isEmpty();
    }

    private static String implementedChoices() {
        return String.join(" | ", Arrays.stream(LoadBalancerStrategy.values()).filter(ClusterReader::isImplemented)
                .map(Scalars::yamlName).toList());
    }
}
