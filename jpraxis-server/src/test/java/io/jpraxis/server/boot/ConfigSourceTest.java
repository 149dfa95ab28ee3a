package io.jpraxis.server.boot;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigSourceTest {
    @TempDir
    Path dir;

    @Test
    void cliPathWinsOverEnvironmentAndLocalFile() throws Exception {
        Files.writeString(dir.resolve("jpraxis.yaml"), "listeners: []");
        ConfigSource s = ConfigSource.resolve(Path.of("/etc/gw.yaml"), Map.of("JPRAXIS_CONFIG", "/env.yaml"), dir);
        assertThat(s.path()).isEqualTo(Path.of("/etc/gw.yaml"));
    }

    @Test
    void environmentWinsOverLocalFile() throws Exception {
        Files.writeString(dir.resolve("jpraxis.yaml"), "listeners: []");
        ConfigSource s = ConfigSource.resolve(null, Map.of("JPRAXIS_CONFIG", "/env.yaml"), dir);
        assertThat(s.path()).isEqualTo(Path.of("/env.yaml"));
        assertThat(s.description()).contains("JPRAXIS_CONFIG");
    }

    @Test
    void localFileWinsOverEmbeddedDefault() throws Exception {
        Files.writeString(dir.resolve("jpraxis.yaml"), "listeners: []");
        assertThat(ConfigSource.resolve(null, Map.of(), dir).path()).isEqualTo(dir.resolve("jpraxis.yaml"));
    }

    @Test
    void embeddedDefaultWhenNothingElse() throws Exception {
        ConfigSource s = ConfigSource.resolve(null, Map.of(), dir);
        assertThat(s.embedded()).isTrue();
        assertThat(s.read()).contains("127.0.0.1:8080").contains("static_response");
    }
}
