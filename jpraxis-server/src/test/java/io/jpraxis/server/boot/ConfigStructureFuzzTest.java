package io.jpraxis.server.boot;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Well-formed YAML over the real keys: a valid fixture with up to twelve members replaced, removed
 * or added (names taken from every valid fixture, values of each YAML kind, whole sections copied
 * from other fixtures), written out and validated as {@code jpraxis validate} would. Random text
 * rarely gets past the YAML parser, so this is what reaches the readers of every section and
 * filter. Input: the edits, all drawn from the data.
 */
class ConfigStructureFuzzTest {
    private static final YAMLMapper YAML = new YAMLMapper();
    private static final Path FIXTURES = Path.of("src/test/resources/config/valid");
    private static final List<JsonNode> BASES = fixtures();
    private static final List<String> KEYS = keys(BASES);
    private static final List<String> STRINGS = List.of("", "x", "a b", "0", "-1", "1k", "10s", "/", "/api", "*",
            "127.0.0.1:0", "[::1]:8080", "localhost", "http", "https", "router", "bound_upstream", "static_response",
            "headers", "round_robin", "upstream", "main", "default", "none", "null", "true", "~", "${X}",
            "\u00e9", "a".repeat(5000));

    private static List<JsonNode> fixtures() {
        try (Stream<Path> files = Files.walk(FIXTURES)) {
            List<JsonNode> out = new ArrayList<>();
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                JsonNode tree = YAML.readTree(file.toFile());
                if (tree != null && tree.isObject()) {
                    out.add(tree);
                }
            }
            return List.copyOf(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> keys(List<JsonNode> trees) {
        TreeSet<String> names = new TreeSet<>();
        trees.forEach(t -> collectKeys(t, names));
        return List.copyOf(names);
    }

    private static void collectKeys(JsonNode node, TreeSet<String> into) {
        node.properties().forEach(e -> into.add(e.getKey()));
        node.forEach(child -> collectKeys(child, into));
    }

    @FuzzTest
    void editedFixturesAreDiagnosedOrBuilt(FuzzedDataProvider data) throws JsonProcessingException {
        JsonNode config = data.pickValue(BASES).deepCopy();
        int edits = data.consumeInt(0, 12);
        for (int i = 0; i < edits; i++) {
            edit(config, data);
        }
        ConfigBuild.validates(YAML.writeValueAsString(config));
    }

    private static void edit(JsonNode config, FuzzedDataProvider data) {
        List<JsonNode> containers = new ArrayList<>();
        collect(config, containers);
        JsonNode at = data.pickValue(containers);
        if (at instanceof ObjectNode object) {
            String key = data.consumeBoolean() && object.size() > 0
                    ? object.properties().stream().toList().get(data.consumeInt(0, object.size() - 1)).getKey()
                    : data.pickValue(KEYS);
            if (data.consumeInt(0, 3) == 0) {
                object.remove(key);
            } else {
                object.set(key, value(data));
            }
        } else if (at instanceof ArrayNode array) {
            if (!array.isEmpty() && data.consumeBoolean()) {
                array.remove(data.consumeInt(0, array.size() - 1));
            } else {
                array.add(!array.isEmpty() && data.consumeBoolean()
                        ? array.get(data.consumeInt(0, array.size() - 1)).deepCopy() : value(data));
            }
        }
    }

    private static void collect(JsonNode node, List<JsonNode> into) {
        if (node.isContainerNode()) {
            into.add(node);
            node.forEach(child -> collect(child, into));
        }
    }

    private static JsonNode value(FuzzedDataProvider data) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        return switch (data.consumeInt(0, 8)) {
            case 0 -> f.textNode(data.pickValue(STRINGS));
            case 1 -> f.textNode(data.consumeString(30));
            case 2 -> f.numberNode(data.consumeLong());
            case 3 -> f.numberNode(data.consumeInt(-2, 70000));
            case 4 -> f.numberNode(data.consumeDouble());
            case 5 -> f.booleanNode(data.consumeBoolean());
            case 6 -> f.nullNode();
            case 7 -> f.objectNode().set(data.pickValue(KEYS), f.textNode(data.pickValue(STRINGS)));
            default -> section(data);
        };
    }

    /** A value found under some key of some fixture: a whole listener, cluster, filter or condition. */
    private static JsonNode section(FuzzedDataProvider data) {
        List<JsonNode> containers = new ArrayList<>();
        collect(data.pickValue(BASES), containers);
        return data.pickValue(containers).deepCopy();
    }
}
