package io.jpraxis.it;

import io.jpraxis.config.feature.FeatureSet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** The repository's {@code examples/} configs, and how tests adapt them to local test ports. */
final class Examples {
    static final Path DIRECTORY = Path.of("..", "examples").toAbsolutePath().normalize();

    private Examples() {
    }

    static List<String> names() {
        try (Stream<Path> files = Files.list(DIRECTORY)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The example's text. A file it names as {@code "examples/..."} (an overlay, say) is relative to
     * the repository root, where users run it; tests run in this module, so it is made absolute.
     */
    static String read(String name) {
        try {
            return Files.readString(DIRECTORY.resolve(name)).replace("\"examples/", "\"" + DIRECTORY + "/");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The experimental features an example needs, from its {@code # features: a,b} comment line
     * (none without one); its header comment tells users the same thing.
     */
    static FeatureSet features(String name) {
        return FeatureSet.parse(read(name).lines().filter(l -> l.startsWith("# features: "))
                .map(l -> l.substring("# features: ".length())).findFirst().orElse(""));
    }

    /**
     * The example with its listener moved to an ephemeral port and each documented origin address
     * replaced by a running test origin's.
     */
    static String adapted(String name, Map<String, String> originAddresses) {
        String yaml = read(name).replace("\"127.0.0.1:8080\"", "\"127.0.0.1:0\"");
        for (Map.Entry<String, String> e : originAddresses.entrySet()) {
            yaml = yaml.replace("\"" + e.getKey() + "\"", "\"" + e.getValue() + "\"");
        }
        return yaml;
    }
}
