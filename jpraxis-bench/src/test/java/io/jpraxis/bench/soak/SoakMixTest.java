package io.jpraxis.bench.soak;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.bench.load.ProcessGroup;
import io.jpraxis.bench.load.Target;
import io.jpraxis.bench.load.TargetKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SoakMixTest {

    @Test
    void sharesSplitTheTotalRateAndCapNewConnections() {
        assertThat(MixPart.GET_H1.rate(1000)).isEqualTo(500);
        assertThat(MixPart.NEW_CONNECTIONS.rate(200)).as("10% of 200: one every 50 ms").isEqualTo(20);
        assertThat(MixPart.NEW_CONNECTIONS.rate(100_000)).as("capped").isEqualTo(MixPart.MAX_NEW_CONNECTIONS);
    }

    @Test
    void everyPartGetsAFixedRateH2loadBoundedInTime(@TempDir Path dir) throws Exception {
        Target target = new Target(TargetKind.JPRAXIS_20F, 18080, 18080, new ProcessGroup(1), null);
        List<SoakMix.PartCommand> commands = new SoakMix(dir).commands(target, 1000, 60);
        assertThat(commands).extracting(SoakMix.PartCommand::part).containsExactly(MixPart.values());
        assertThat(commands.get(0).argv()).as("500 req/s over 16 keep-alive connections")
                .containsSequence("--rps", "31.250", "-D", "60").contains("--h1").endsWith("http://127.0.0.1:18080/small");
        assertThat(commands.get(2).argv()).contains("-d").endsWith("http://127.0.0.1:18080/echo");
        assertThat(Files.size(dir.resolve("post-64k.body"))).isEqualTo(64 * 1024);
        assertThat(commands.get(3).argv()).as("50 per second for 60 s, one request each")
                .containsSequence("--rate-period", "20ms", "-c", "3000", "-n", "3000");
        assertThat(commands).allSatisfy(c -> assertThat(c.argv()).anyMatch(a -> a.contains("127.0.0.1")));
    }
}
