package io.jpraxis.ai.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.HttpFilter;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every filter of this module is an AI filter (see docs/behaviour/request-lifecycle.md#error-bodies):
 * a pipeline holding any of them answers the local errors of an OpenAI or Anthropic call in that
 * API's shape. A new filter here that forgets it fails this test.
 */
class AiApiFilterCoverageTest {
    @Test
    void everyHttpFilterOfTheModuleIsAnAiApiFilter() throws IOException, URISyntaxException, ClassNotFoundException {
        Path root = Path.of(AiApiFilter.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> names;
        try (Stream<Path> files = Files.walk(root)) {
            names = files.map(p -> root.relativize(p).toString())
                    .filter(n -> n.endsWith(".class") && !n.contains("$"))
                    .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.')).sorted().toList();
        }
        int filters = 0;
        for (String name : names) {
            Class<?> type = Class.forName(name, false, getClass().getClassLoader());
            if (HttpFilter.class.isAssignableFrom(type) && !type.isInterface()) {
                filters++;
                assertThat(AiApiFilter.class.isAssignableFrom(type)).as("%s is an AiApiFilter", name).isTrue();
            }
        }
        assertThat(filters).as("the module's filters were found (api_key_auth, intelligent_route, ...)")
                .isGreaterThanOrEqualTo(6);
    }
}
