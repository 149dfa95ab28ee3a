package io.jpraxis.config.read;

import static io.jpraxis.config.keys.KeyDescriptor.key;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.tree.YamlTreeParser;
import org.junit.jupiter.api.Test;

class MapReaderDescriptorTest {
    private static final ObjectDescriptor KEYS = ObjectDescriptor.of("test map",
            key("size", KeyType.integer(1, 10), "a size"),
            key("rate", new KeyType.Num(0, 5, "a number greater than 0 and at most 5"), "a rate"),
            key("label", KeyType.text(), "a label"))
            .withNotImplemented("zone");
    private final Diagnostics diagnostics = new Diagnostics();

    private MapReader reader(String yaml) {
        ConfigNode node = new YamlTreeParser().parse(yaml, diagnostics);
        return MapReader.of(node, ConfigPath.root().key("f"), diagnostics, KEYS);
    }

    @Test
    void integerAndNumberTakeTheirLimitsFromTheDescriptor() {
        MapReader r = reader("size: 11\nrate: 6\n");
        assertThat(r.integer("size")).isEmpty();
        assertThat(r.number("rate")).isEmpty();
        r.finish();
        assertThat(diagnostics.errors()).extracting(Diagnostic::render).containsExactly(
                "line 1: f.size: 11 (expected: an integer from 1 to 10)",
                "line 2: f.rate: 6 (expected: a number greater than 0 and at most 5)");
    }

    @Test
    void notImplementedKeysComeFromTheDescriptor() {
        MapReader r = reader("label: x\nzone: a\n");
        r.string("label");
        r.finish();
        assertThat(diagnostics.errors()).extracting(Diagnostic::render).containsExactly("line 2: f.zone: not "
                + "implemented in jpraxis (remove the key; it is a Praxis option this gateway does not support yet)");
    }

    @Test
    void readingAKeyTheDescriptorDoesNotListIsAProgrammerError() {
        MapReader r = reader("label: x\n");
        assertThatThrownBy(() -> r.string("colour")).as("a reader may only accept keys its descriptor lists")
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("'colour'");
        assertThatThrownBy(() -> r.skip("colour")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aDescribedReadNeedsTheRightKindOfKey() {
        MapReader r = reader("label: x\n");
        assertThatThrownBy(() -> r.integer("label")).isInstanceOf(IllegalStateException.class);
        MapReader plain = MapReader.of(new YamlTreeParser().parse("size: 1\n", diagnostics), ConfigPath.root(),
                diagnostics);
        assertThatThrownBy(() -> plain.integer("size")).as("an undescribed reader has no limits to read")
                .isInstanceOf(IllegalStateException.class);
    }
}
