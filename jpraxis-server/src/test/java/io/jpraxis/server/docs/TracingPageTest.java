package io.jpraxis.server.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.config.load.LoadResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The YAML on docs/behaviour/tracing.md loads: the whole example, and the telemetry block alone. */
class TracingPageTest {
    private static final Path PAGE = Path.of("..").toAbsolutePath().normalize().resolve("docs/behaviour/tracing.md");
    private static final String LISTENER = """
            listeners:
              - {name: l, address: "127.0.0.1:8080", filter_chains: [main]}
            filter_chains: [{name: main, filters: []}]
            """;

    @Test
    void everyYamlBlockOnThePageLoads() throws Exception {
        Matcher blocks = Pattern.compile("```yaml\\n(.*?)```", Pattern.DOTALL).matcher(Files.readString(PAGE));
        List<String> yaml = new ArrayList<>();
        while (blocks.find()) {
            yaml.add(blocks.group(1));
        }
        assertThat(yaml).as("the configuration block and the example").hasSize(2);
        for (String block : yaml) {
            String whole = block.contains("listeners:") ? block : LISTENER + block;
            LoadResult loaded = new ConfigLoader().load(whole, FeatureSet.NONE);
            assertThat(loaded.diagnostics().errors()).as(block).isEmpty();
            assertThat(loaded.config().telemetry()).as("the block is read").isNotNull();
        }
    }
}
