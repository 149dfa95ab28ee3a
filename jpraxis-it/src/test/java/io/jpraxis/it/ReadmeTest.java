package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.GatewayBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's tour config is one a reader can paste: it must validate. */
class ReadmeTest {
    @Test
    void tourConfigValidates() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        int start = readme.indexOf("```yaml\n");
        assertThat(start).as("README has a yaml block").isNotNegative();
        String yaml = readme.substring(start + "```yaml\n".length(), readme.indexOf("```", start + 7));

        CompileResult result = new GatewayBuilder(FeatureSet.NONE, RuntimeServices.system()).build(yaml);

        assertThat(result.diagnostics().errors()).as(yaml).isEmpty();
        result.gateway().close();
    }
}
