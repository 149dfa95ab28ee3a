package io.jpraxis.config.load;

import io.jpraxis.config.feature.FeatureSet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * One fixture file and what its leading comments promise: {@code # expect: text} (one per error),
 * {@code # warn: text} (warnings that must appear) and {@code # features: a,b} (enabled features).
 */
public record ConfigFixture(Path file, String name, String text, List<String> expectedErrors, List<String> expectedWarnings,
        FeatureSet features) {

    public static ConfigFixture of(Path file, Path root) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> errors = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        String features = "";
        for (String line : text.lines().toList()) {
            if (!line.startsWith("#")) {
                break;
            }
            String body = line.substring(1).trim();
            if (body.startsWith("expect:")) {
                errors.add(body.substring("expect:".length()).trim());
            } else if (body.startsWith("warn:")) {
                warnings.add(body.substring("warn:".length()).trim());
            } else if (body.startsWith("features:")) {
                features = body.substring("features:".length()).trim();
            }
        }
        return new ConfigFixture(file, root.relativize(file).toString(), text, errors, warnings,
                FeatureSet.parse(features));
    }

    /** Test resources folder {@code config/<sub>}. */
    public static Path folder(String sub) {
        URL url = ConfigFixture.class.getClassLoader().getResource("config/" + sub);
        if (url == null) {
            throw new IllegalStateException("missing test resource folder config/" + sub);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every {@code .yaml} under {@code folder}, sorted. */
    public static Stream<Path> yamlFiles(Path folder) {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
