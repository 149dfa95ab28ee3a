package io.jpraxis.bench.ai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The flagship as bench/ai runs it: examples/ai-gateway.yaml with only its addresses moved, and without token_count. */
class AiConfigsTest {
    private static String example() throws Exception {
        return Files.readString(Path.of("..", "examples", "ai-gateway.yaml"));
    }

    @Test
    void onlyTheAddressesMove() throws Exception {
        String yaml = example();
        String moved = AiConfigs.flagship(yaml, Map.of(AiConfigs.LISTENER, "127.0.0.1:1", AiConfigs.PROVIDER_B,
                "127.0.0.1:2"));
        assertThat(moved).contains("\"127.0.0.1:1\"", "[\"127.0.0.1:2\"]").doesNotContain("\"127.0.0.1:8080\"",
                "\"127.0.0.1:18002\"");
        assertThat(moved.replace("127.0.0.1:1\"", "127.0.0.1:8080\"").replace("127.0.0.1:2\"", "127.0.0.1:18002\""))
                .as("nothing else changed").isEqualTo(yaml);
    }

    @Test
    void anAddressTheExampleDoesNotHaveIsRefused() throws Exception {
        assertThatThrownBy(() -> AiConfigs.flagship(example(), Map.of("127.0.0.1:1", "127.0.0.1:2")))
                .hasMessageContaining("no \"127.0.0.1:1\"");
    }

    @Test
    void withoutTokenCountDropsBothTokenCountFiltersAndNothingElse() throws Exception {
        String yaml = example();
        String without = AiConfigs.withoutTokenCount(yaml);
        assertThat(without).doesNotContain("filter: token_count", "provider: openai", "provider: anthropic");
        for (String kept : new String[] {"filter: time_to_first_token", "filter: model_to_header",
                "filter: model_failover", "filter: credential_inject", "filter: access_log", "header: X-Model"}) {
            assertThat(without).contains(kept);
        }
        long removed = yaml.lines().count() - without.lines().count();
        assertThat(removed).as("two filters of four lines each, and the blank line after them").isEqualTo(9);
    }

    @Test
    void aDocumentWithoutTokenCountIsRefused() {
        assertThatThrownBy(() -> AiConfigs.withoutTokenCount("filter_chains: []\n"))
                .hasMessageContaining("no token_count filter");
    }
}
