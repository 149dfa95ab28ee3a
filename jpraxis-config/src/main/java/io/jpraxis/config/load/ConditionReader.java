package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.ConditionConfig.Kind;
import io.jpraxis.config.model.RequestPredicateConfig;
import io.jpraxis.config.model.ResponseConditionConfig;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads {@code conditions} and {@code response_conditions} lists (see
 * docs/behaviour/conditions.md#request-conditions,
 * docs/behaviour/conditions.md#response-conditions): each item is exactly one of {@code when} /
 * {@code unless} holding a predicate. Used for filter entries and chains here, and by the pipeline
 * compiler for entries inside branch chains.
 */
public final class ConditionReader {
    /** One item of a request {@code conditions} list. */
    public static final ObjectDescriptor CONDITION = condition(PredicateReader.REQUEST);
    /** One item of a {@code response_conditions} list. */
    public static final ObjectDescriptor RESPONSE_CONDITION = condition(PredicateReader.RESPONSE);

    private ConditionReader() {
    }

    /** Reads a request {@code conditions} list; invalid items are reported and dropped. */
    public static List<ConditionConfig> conditions(ConfigNode node, ConfigPath path, Diagnostics d,
            FeatureSet features) {
        List<ConditionConfig> out = new ArrayList<>();
        List<ConfigNode> items = items(node, path, d);
        for (int i = 0; i < items.size(); i++) {
            int index = i;
            ConfigPath itemPath = path.index(i);
            item(items.get(i), itemPath, d, CONDITION).ifPresent(kind -> {
                ConfigPath predicatePath = itemPath.key(keyOf(kind));
                ConfigNode predicate = ((ConfigNode.MapNode) items.get(index)).get(keyOf(kind)).orElseThrow();
                PredicateReader.request(predicate, predicatePath, d, index, features)
                        .ifPresent(p -> out.add(new ConditionConfig(kind, p, new SourceRef(itemPath,
                                items.get(index).line()))));
            });
        }
        return out;
    }

    /** Reads a {@code response_conditions} list; invalid items are reported and dropped. */
    public static List<ResponseConditionConfig> responseConditions(ConfigNode node, ConfigPath path, Diagnostics d) {
        List<ResponseConditionConfig> out = new ArrayList<>();
        List<ConfigNode> items = items(node, path, d);
        for (int i = 0; i < items.size(); i++) {
            int index = i;
            ConfigPath itemPath = path.index(i);
            item(items.get(i), itemPath, d, RESPONSE_CONDITION).ifPresent(kind -> {
                ConfigNode predicate = ((ConfigNode.MapNode) items.get(index)).get(keyOf(kind)).orElseThrow();
                PredicateReader.response(predicate, itemPath.key(keyOf(kind)), d, index, kind,
                        new SourceRef(itemPath, items.get(index).line()))
                        .ifPresent(out::add);
            });
        }
        return out;
    }

    /** Reads one request predicate map (the value of a {@code when} or {@code unless}). */
    public static Optional<RequestPredicateConfig> predicate(ConfigNode node, ConfigPath path, Diagnostics d,
            FeatureSet features, int conditionIndex) {
        return PredicateReader.request(node, path, d, conditionIndex, features);
    }

    private static List<ConfigNode> items(ConfigNode node, ConfigPath path, Diagnostics d) {
        if (node == null || node instanceof ConfigNode.NullNode) {
            return List.of();
        }
        return Scalars.list(node, path, d).orElse(List.of());
    }

    /** The item's kind when it holds exactly one of when/unless (and nothing else); else reported. */
    private static Optional<Kind> item(ConfigNode node, ConfigPath path, Diagnostics d, ObjectDescriptor keys) {
        MapReader r = MapReader.of(node, path, d, keys);
        if (!(node instanceof ConfigNode.MapNode)) {
            return Optional.empty();
        }
        boolean when = r.has("when");
        boolean unless = r.has("unless");
        r.skip("when", "unless");
        r.finish();
        if (when == unless) {
            d.invalid(path, node.line(), when ? "both when and unless" : node.render(),
                    "exactly one of when | unless per condition");
            return Optional.empty();
        }
        // An unknown sibling key was reported; the predicate is still read so its mistakes show too.
        return Optional.of(when ? Kind.WHEN : Kind.UNLESS);
    }

    private static ObjectDescriptor condition(ObjectDescriptor predicate) {
        return ObjectDescriptor.of("A condition: exactly one of when or unless.",
                key("when", KeyType.object(predicate), "Runs the filter when the predicate matches."),
                key("unless", KeyType.object(predicate), "Runs the filter unless the predicate matches."))
                .withExactlyOne("when", "unless");
    }

    /** The key a condition of {@code kind} is written under ({@code when} or {@code unless}). */
    public static String keyOf(Kind kind) {
        return switch (kind) {
            case WHEN -> "when";
            case UNLESS -> "unless";
        };
    }
}
