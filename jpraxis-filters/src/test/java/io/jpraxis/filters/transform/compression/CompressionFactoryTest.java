package io.jpraxis.filters.transform.compression;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class CompressionFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    private static CompressionConfig accepted(String yaml) {
        return (CompressionConfig) build(new CompressionFactory(), yaml).accepted().config();
    }

    private static List<String> refused(String yaml) {
        return build(new CompressionFactory(), yaml).refused();
    }

    @Test
    void defaultsAreLevelSixEverywhereAndTheDigestTypes() {
        CompressionConfig config = accepted("{}\n");
        assertThat(config.gzipLevel()).isEqualTo(6);
        assertThat(config.brotliLevel()).isEqualTo(6);
        assertThat(config.zstdLevel()).isEqualTo(6);
        assertThat(config.minSizeBytes()).isEqualTo(256);
        assertThat(config.contentTypes()).containsExactly("text/", "application/json", "application/javascript",
                "application/xml", "application/wasm");
    }

    @Test
    void theSharedLevelIsClampedPerAlgorithm() {
        CompressionConfig config = accepted("level: 22\n");
        assertThat(config.gzipLevel()).isEqualTo(9);
        assertThat(config.brotliLevel()).isEqualTo(11);
        assertThat(config.zstdLevel()).isEqualTo(22);
    }

    @Test
    void ownLevelsAndZeroDisable() {
        CompressionConfig config = accepted("""
                gzip: {level: 1}
                brotli: {level: 0}
                zstd: {enabled: false}
                """);
        assertThat(config.gzipLevel()).isEqualTo(1);
        assertThat(config.brotliLevel()).isZero();
        assertThat(config.zstdLevel()).isZero();
    }

    @Test
    void anOwnLevelAboveItsMaximumIsRefused() {
        assertThat(refused("gzip: {level: 10}\n")).singleElement().asString().contains(AT + "gzip.level");
        assertThat(refused("brotli: {level: 12}\n")).singleElement().asString().contains(AT + "brotli.level");
        assertThat(refused("level: 23\n")).singleElement().asString().contains(AT + "level");
    }

    @Test
    void allDisabledEmptyTypesAndUnknownKeysAreRefused() {
        assertThat(refused("level: 0\n")).singleElement().asString().contains("every algorithm is disabled");
        assertThat(refused("content_types: []\n")).singleElement().asString().contains(AT + "content_types");
        assertThat(refused("gzip: {levle: 3}\n")).singleElement().asString().contains(AT + "gzip.levle: unknown key");
        assertThat(refused("min_size: 3\n")).singleElement().asString().contains(AT + "min_size: unknown key");
    }
}
