package io.jpraxis.server.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.tree.YamlTreeParser;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Locale;

/**
 * A YAML config as the JSON an editor's schema check sees, typed by the loader's own parser (YAML
 * 1.2 core schema), so the schema is tested against the values the loader reads.
 */
final class YamlAsJson {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private YamlAsJson() {
    }

    static JsonNode parse(String yaml) {
        Diagnostics diagnostics = new Diagnostics();
        ConfigNode root = new YamlTreeParser().parse(yaml, diagnostics);
        if (root == null || diagnostics.hasErrors()) {
            throw new IllegalArgumentException("not YAML: " + diagnostics.all());
        }
        return json(root);
    }

    private static JsonNode json(ConfigNode node) {
        return switch (node) {
            case ConfigNode.MapNode m -> {
                ObjectNode out = JSON.objectNode();
                m.entries().forEach(e -> out.set(e.key(), json(e.value())));
                yield out;
            }
            case ConfigNode.ListNode l -> {
                ArrayNode out = JSON.arrayNode();
                l.items().forEach(i -> out.add(json(i)));
                yield out;
            }
            case ConfigNode.NullNode n -> JSON.nullNode();
            case ConfigNode.ScalarNode s -> switch (s.kind()) {
                case STRING -> JSON.textNode(s.text());
                case INT -> JSON.numberNode(integer(s.text()));
                case FLOAT -> JSON.numberNode(new BigDecimal(s.text()));
                case BOOL -> JSON.booleanNode(Boolean.parseBoolean(s.text().toLowerCase(Locale.ROOT)));
            };
        };
    }

    private static BigInteger integer(String text) {
        String t = text.replace("_", "");
        if (t.startsWith("0x")) {
            return new BigInteger(t.substring(2), 16);
        }
        if (t.startsWith("0o")) {
            return new BigInteger(t.substring(2), 8);
        }
        return new BigInteger(t);
    }
}
