package io.jpraxis.config.tree;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Turns a composed SnakeYAML node graph into a {@link ConfigNode} tree.
 *
 * <p>An alias shares the node it names (the tree is immutable, so sharing is safe), but every
 * use counts the full size of what it names against the expansion budget: later phases walk the
 * tree as if it were expanded, so an alias bomb must be refused here, not there. A node that
 * contains an alias to itself is refused too.
 */
final class TreeBuilder {
    private final Diagnostics diagnostics;
    private final long maxNodes;
    private final Map<Node, ConfigNode> built = new IdentityHashMap<>();
    private final Map<Node, Long> sizes = new IdentityHashMap<>();
    private final Set<Node> inProgress = Collections.newSetFromMap(new IdentityHashMap<>());
    private long expanded;

    TreeBuilder(Diagnostics diagnostics, long maxNodes) {
        this.diagnostics = diagnostics;
        this.maxNodes = maxNodes;
    }

    /** The tree, or null when the document breaks a safety limit (reported). */
    ConfigNode build(Node root) {
        try {
            return node(root, ConfigPath.root());
        } catch (LimitExceeded e) {
            diagnostics.error(ConfigPath.root(), e.line, e.getMessage());
            return null;
        }
    }

    private ConfigNode node(Node node, ConfigPath path) {
        ConfigNode done = built.get(node);
        if (done != null) {
            count(sizes.get(node), node);
            return done;
        }
        if (!inProgress.add(node)) {
            throw new LimitExceeded(line(node), "alias refers to a node that contains it "
                    + "(expected: no recursive anchors)");
        }
        count(1, node);
        ConfigNode result = switch (node) {
            case MappingNode m -> map(m, path);
            case SequenceNode s -> list(s, path);
            case ScalarNode s -> scalar(s);
            default -> throw new LimitExceeded(line(node), "unsupported YAML node " + node.getNodeId());
        };
        inProgress.remove(node);
        built.put(node, result);
        sizes.put(node, expandedSize(node));
        return result;
    }

    private ConfigNode map(MappingNode m, ConfigPath path) {
        List<ConfigNode.MapNode.Entry> entries = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (NodeTuple tuple : m.getValue()) {
            if (!(tuple.getKeyNode() instanceof ScalarNode keyNode)) {
                diagnostics.invalid(path, line(tuple.getKeyNode()), "a " + tuple.getKeyNode().getNodeId() + " key",
                        "scalar map keys");
                continue;
            }
            String key = keyNode.getValue();
            ConfigNode value = node(tuple.getValueNode(), path.key(key));
            if (!seen.add(key)) {
                diagnostics.error(path.key(key), line(keyNode), "duplicate key (expected: each key at most once per map)");
                continue;
            }
            entries.add(new ConfigNode.MapNode.Entry(key, line(keyNode), value));
        }
        return new ConfigNode.MapNode(entries, line(m));
    }

    private ConfigNode list(SequenceNode s, ConfigPath path) {
        List<ConfigNode> items = new ArrayList<>();
        for (Node item : s.getValue()) {
            items.add(node(item, path.index(items.size())));
        }
        return new ConfigNode.ListNode(items, line(s));
    }

    private static ConfigNode scalar(ScalarNode s) {
        int line = line(s);
        String text = s.getValue();
        Tag tag = s.getTag();
        if (Tag.NULL.equals(tag)) {
            return new ConfigNode.NullNode(line);
        }
        if (Tag.BOOL.equals(tag) && CoreSchemaResolver.CORE_BOOL.matcher(text).matches()) {
            return new ConfigNode.ScalarNode(text, ConfigNode.ScalarKind.BOOL, line);
        }
        if (Tag.INT.equals(tag)) {
            String decimal = decimalInteger(text);
            if (decimal != null) {
                return new ConfigNode.ScalarNode(decimal, ConfigNode.ScalarKind.INT, line);
            }
        }
        if (Tag.FLOAT.equals(tag) && CoreSchemaResolver.CORE_FLOAT.matcher(text).matches()) {
            return new ConfigNode.ScalarNode(text, ConfigNode.ScalarKind.FLOAT, line);
        }
        return new ConfigNode.ScalarNode(text, ConfigNode.ScalarKind.STRING, line);
    }

    /** Decimal text of a core-schema integer ({@code 0x1F} becomes {@code 31}), or null. */
    static String decimalInteger(String text) {
        try {
            if (text.startsWith("0x")) {
                return new BigInteger(text.substring(2), 16).toString();
            }
            if (text.startsWith("0o")) {
                return new BigInteger(text.substring(2), 8).toString();
            }
            return new BigInteger(text.startsWith("+") ? text.substring(1) : text).toString();
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private void count(long nodes, Node at) {
        expanded += nodes;
        if (expanded > maxNodes) {
            throw new LimitExceeded(line(at), "document expands to more than " + maxNodes
                    + " nodes through aliases (expected: a config without alias bombs)");
        }
    }

    /** Size once expanded; children are already built, so their sizes are known. */
    private long expandedSize(Node node) {
        long size = 1;
        if (node instanceof MappingNode m) {
            for (NodeTuple tuple : m.getValue()) {
                size += sizes.getOrDefault(tuple.getValueNode(), 1L);
            }
        } else if (node instanceof SequenceNode s) {
            for (Node item : s.getValue()) {
                size += sizes.getOrDefault(item, 1L);
            }
        }
        return size;
    }

    private static int line(Node node) {
        return node.getStartMark() == null ? 0 : node.getStartMark().getLine() + 1;
    }

    /** Aborts the build: the document is hostile or malformed beyond repair. */
    private static final class LimitExceeded extends RuntimeException {
        private final int line;

        LimitExceeded(int line, String message) {
            super(message, null, false, false);
            this.line = line;
        }
    }
}
