package io.jpraxis.config.tree;

import java.util.List;
import java.util.Optional;

/**
 * One node of a parsed YAML document, with the line it started on.
 *
 * <p>The loader keeps this untyped tree (rather than binding straight to records) so that every
 * diagnostic, even one raised after flattening chains, can name the YAML line it comes from, and
 * so that a filter entry's own keys can be handed to that filter's factory untouched.
 */
public sealed interface ConfigNode permits ConfigNode.MapNode, ConfigNode.ListNode, ConfigNode.ScalarNode,
        ConfigNode.NullNode {

    /** 1-based line the node starts on (0 when synthetic). */
    int line();

    /** A short rendering of the value for diagnostics ({@code "bund"}, {@code []}, {@code {...}}). */
    String render();

    /** The YAML type name used in "expected" messages. */
    String typeName();

    /** A mapping; keys keep their document order. */
    record MapNode(List<Entry> entries, int line) implements ConfigNode {
        public MapNode {
            entries = List.copyOf(entries);
        }

        public Optional<Entry> entry(String key) {
            for (Entry e : entries) {
                if (e.key().equals(key)) {
                    return Optional.of(e);
                }
            }
            return Optional.empty();
        }

        public Optional<ConfigNode> get(String key) {
            return entry(key).map(Entry::value);
        }

        @Override
        public String render() {
            return entries.isEmpty() ? "{}" : "{...}";
        }

        @Override
        public String typeName() {
            return "map";
        }

        /** One key and its value; {@code keyLine} is where the key itself stands. */
        public record Entry(String key, int keyLine, ConfigNode value) {
        }
    }

    /** A sequence. */
    record ListNode(List<ConfigNode> items, int line) implements ConfigNode {
        public ListNode {
            items = List.copyOf(items);
        }

        @Override
        public String render() {
            return items.isEmpty() ? "[]" : "[...]";
        }

        @Override
        public String typeName() {
            return "list";
        }
    }

    /** A scalar with the type YAML resolved for it (an unquoted {@code 80} is an INT, {@code "80"} a STRING). */
    record ScalarNode(String text, ScalarKind kind, int line) implements ConfigNode {
        @Override
        public String render() {
            return kind == ScalarKind.STRING ? '"' + text + '"' : text;
        }

        @Override
        public String typeName() {
            return switch (kind) {
                case STRING -> "string";
                case INT -> "integer";
                case FLOAT -> "number";
                case BOOL -> "boolean";
            };
        }
    }

    /** An explicit {@code null} or {@code ~} (or an empty value). */
    record NullNode(int line) implements ConfigNode {
        @Override
        public String render() {
            return "null";
        }

        @Override
        public String typeName() {
            return "null";
        }
    }

    /** The YAML-resolved type of a scalar. */
    enum ScalarKind { STRING, INT, FLOAT, BOOL }
}
