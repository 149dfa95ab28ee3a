package io.jpraxis.config.tree;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.tree.ConfigNode.ListNode;
import io.jpraxis.config.tree.ConfigNode.MapNode;
import io.jpraxis.config.tree.ConfigNode.ScalarKind;
import io.jpraxis.config.tree.ConfigNode.ScalarNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class YamlTreeParserTest {
    private final YamlTreeParser parser = new YamlTreeParser();
    private final Diagnostics diagnostics = new Diagnostics();

    @Test
    void keepsTheLineOfEveryKeyAndValue() {
        MapNode root = (MapNode) parse("""
                # comment
                listeners:
                  - name: default

                    address: "127.0.0.1:8080"
                """);

        MapNode.Entry listeners = root.entry("listeners").orElseThrow();
        assertThat(listeners.keyLine()).as("key line counts the comment").isEqualTo(2);
        MapNode first = (MapNode) ((ListNode) listeners.value()).items().get(0);
        assertThat(first.line()).as("a list item map starts at its first key").isEqualTo(3);
        assertThat(first.entry("address").orElseThrow().keyLine()).as("blank lines are counted").isEqualTo(5);
        assertThat(first.get("address").orElseThrow().line()).isEqualTo(5);
    }

    @Test
    void resolvesScalarsByTheYaml12CoreSchema() {
        MapNode root = (MapNode) parse("""
                quoted: "80"
                plain: 80
                hex: 0x1F
                yes_word: yes
                truth: True
                nothing: ~
                empty:
                ratio: 1.5
                date: 2024-01-01
                """);

        assertThat(scalar(root, "quoted")).isEqualTo(new ScalarNode("80", ScalarKind.STRING, 1));
        assertThat(scalar(root, "plain").kind()).isEqualTo(ScalarKind.INT);
        assertThat(scalar(root, "hex")).as("hex integers are normalised to decimal")
                .isEqualTo(new ScalarNode("31", ScalarKind.INT, 3));
        assertThat(scalar(root, "yes_word").kind()).as("YAML 1.1 booleans stay strings, as in Praxis")
                .isEqualTo(ScalarKind.STRING);
        assertThat(scalar(root, "truth").kind()).isEqualTo(ScalarKind.BOOL);
        assertThat(root.get("nothing").orElseThrow()).isInstanceOf(ConfigNode.NullNode.class);
        assertThat(root.get("empty").orElseThrow()).isInstanceOf(ConfigNode.NullNode.class);
        assertThat(scalar(root, "ratio").kind()).isEqualTo(ScalarKind.FLOAT);
        assertThat(scalar(root, "date").kind()).as("timestamps are not a core-schema type")
                .isEqualTo(ScalarKind.STRING);
        assertThat(diagnostics.all()).isEmpty();
    }

    @Test
    void expandsAliasesToTheNodeTheyName() {
        MapNode root = (MapNode) parse("""
                base: &endpoints ["a:1", "b:2"]
                copy: *endpoints
                port: &p 8080
                again: *p
                """);

        assertThat(root.get("copy")).as("an alias is the anchored list, not the anchor name")
                .isEqualTo(root.get("base"));
        assertThat(scalar(root, "again").text()).isEqualTo("8080");
    }

    @Test
    void refusesBillionLaughsByAliasCount() {
        StringBuilder doc = new StringBuilder("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for (char level = 'b'; level <= 'j'; level++) {
            char prev = (char) (level - 1);
            doc.append(level).append(": &").append(level).append(" [");
            doc.append(String.join(",", java.util.Collections.nCopies(9, "*" + prev))).append("]\n");
        }

        assertThat(parser.parse(doc.toString(), diagnostics)).as("the bomb is not expanded").isNull();
        assertThat(rendered()).singleElement().asString().contains("YAML refused").contains("max=50");
    }

    @Test
    void refusesAliasBombsThatStayUnderTheAliasCount() {
        // 7 levels of 7 aliases: 49 aliases (under the cap of 50) but 7^7 nodes once expanded.
        StringBuilder doc = new StringBuilder("l0: &l0 [x, x, x, x, x, x, x]\n");
        for (int level = 1; level <= 7; level++) {
            doc.append("l").append(level).append(": &l").append(level).append(" [");
            doc.append(String.join(", ", java.util.Collections.nCopies(7, "*l" + (level - 1)))).append("]\n");
        }

        assertThat(parser.parse(doc.toString(), diagnostics)).isNull();
        assertThat(rendered()).singleElement().asString()
                .contains("expands to more than " + YamlTreeParser.MAX_EXPANDED_NODES + " nodes");
    }

    @Test
    void refusesRecursiveAliases() {
        assertThat(parser.parse("a: &a [1, *a]\n", diagnostics)).isNull();
        assertThat(rendered()).singleElement().asString().contains("refers to a node that contains it");
    }

    @Test
    void reportsDuplicateKeysWithTheSecondLine() {
        parse("""
                a: 1
                b: 2
                a: 3
                """);

        assertThat(rendered()).containsExactly("line 3: a: duplicate key (expected: each key at most once per map)");
    }

    @Test
    void reportsSyntaxErrorsWithTheirLine() {
        assertThat(parser.parse("a: [1, 2\nb: 3\n", diagnostics)).isNull();
        assertThat(rendered()).singleElement().asString().startsWith("line 2: <root>: YAML syntax error:");
    }

    @Test
    void refusesATagSnakeYamlRejectsWithAnArgumentErrorAsASyntaxError() {
        // Found by ConfigTextFuzzTest: "!;%0" once escaped as an IllegalArgumentException.
        assertThat(parser.parse("!;%0", diagnostics)).isNull();
        assertThat(rendered()).singleElement().asString().contains("<root>: YAML refused:");
    }

    @Test
    void refusesMoreThanOneDocument() {
        assertThat(parser.parse("a: 1\n---\nb: 2\n", diagnostics)).isNull();
        assertThat(rendered()).singleElement().asString().contains("expected a single document");
    }

    @Test
    void refusesOversizedDocumentsBeforeParsing() {
        String huge = "a: \"" + "x".repeat(YamlTreeParser.MAX_DOCUMENT_BYTES) + "\"\n";

        assertThat(parser.parse(huge, diagnostics)).isNull();
        assertThat(rendered()).singleElement().asString().contains("expected: at most " + YamlTreeParser.MAX_DOCUMENT_BYTES);
    }

    private ConfigNode parse(String text) {
        ConfigNode node = parser.parse(text, diagnostics);
        assertThat(node).as("parsed %s", text).isNotNull();
        return node;
    }

    private static ScalarNode scalar(MapNode map, String key) {
        return (ScalarNode) map.get(key).orElseThrow();
    }

    private List<String> rendered() {
        List<String> out = new ArrayList<>();
        for (Diagnostic d : diagnostics.all()) {
            out.add(d.render());
        }
        return out;
    }
}
