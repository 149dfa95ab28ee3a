package io.jpraxis.server.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.config.dump.ConfigYamlWriter;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.config.model.GatewayConfig;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import io.jpraxis.http.overload.OpenFileLimits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OpenFileLimitTest {
    private Process child;

    @BeforeEach
    void startChild() throws IOException {
        // A process of our own to change: lowering the test JVM's own limit could starve other tests.
        child = new ProcessBuilder("sleep", "60").start();
    }

    @AfterEach
    void stopChild() throws InterruptedException {
        child.destroyForcibly();
        child.waitFor(5, TimeUnit.SECONDS);
    }

    @Test
    void setsTheSoftLimitAndReadsBackWhatTheKernelHolds() throws IOException {
        OpenFileLimits.Limits before = OpenFileLimits.read(child.pid());
        long wanted = Math.min(before.hard(), 1000);

        OpenFileLimits.Limits after = OpenFileLimit.apply(child.pid(), wanted);

        assertThat(after.soft()).as("the soft limit asked for").isEqualTo(wanted);
        assertThat(after.hard()).as("the hard limit is left alone").isEqualTo(before.hard());
        assertThat(OpenFileLimits.read(child.pid())).as("as /proc shows it").isEqualTo(after);
    }

    @Test
    void aValueAboveTheHardLimitIsClampedToIt() throws IOException {
        OpenFileLimits.Limits before = OpenFileLimits.read(child.pid());
        if (before.hard() == Long.MAX_VALUE) {
            return; // an unlimited hard limit has nothing to clamp to
        }

        OpenFileLimits.Limits after = OpenFileLimit.apply(child.pid(), before.hard() + 1000);

        assertThat(after.soft()).isEqualTo(before.hard());
    }

    @Test
    void aProcessThatIsGoneIsAnErrorNotASilentSkip() throws Exception {
        child.destroyForcibly();
        child.waitFor(5, TimeUnit.SECONDS);

        assertThatThrownBy(() -> OpenFileLimit.apply(child.pid(), 1000)).isInstanceOf(IOException.class);
    }

    @Test
    void readsTheOpenFilesLineOfTheLimitsTable() throws IOException {
        List<String> table = List.of(
                "Limit                     Soft Limit           Hard Limit           Units",
                "Max processes             95893                95893                processes",
                "Max open files            1024                 524288               files");

        assertThat(OpenFileLimits.parse(table)).isEqualTo(new OpenFileLimits.Limits(1024, 524288));
        assertThat(OpenFileLimits.parse(List.of("Max open files            unlimited            unlimited            files")))
                .isEqualTo(new OpenFileLimits.Limits(Long.MAX_VALUE, Long.MAX_VALUE));
        assertThatThrownBy(() -> OpenFileLimits.parse(List.of("Max processes 1 1 processes")))
                .isInstanceOf(IOException.class);
    }

    @Test
    void theKeyIsReadAndDumpedBack() {
        String yaml = """
                listeners:
                  - {name: default, address: "127.0.0.1:8080", filter_chains: [main]}
                filter_chains: [{name: main}]
                runtime: {max_open_files: 65536}
                """;
        GatewayConfig config = new ConfigLoader().load(yaml, FeatureSet.NONE).configIfOk().orElseThrow();

        assertThat(config.runtime().maxOpenFiles()).isEqualTo(65536L);
        String dumped = new ConfigYamlWriter().write(config);
        assertThat(new ConfigLoader().load(dumped, FeatureSet.NONE).configIfOk().orElseThrow().runtime().maxOpenFiles())
                .as(dumped).isEqualTo(65536L);
    }
}
