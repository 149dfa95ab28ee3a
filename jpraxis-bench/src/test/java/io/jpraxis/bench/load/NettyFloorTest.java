package io.jpraxis.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The floor runs on the options the launcher gives jpraxis, for the JDK it runs on. */
class NettyFloorTest {

    @Test
    void optionsFollowTheJdkLikeTheLaunchersDefaults() {
        assertThat(NettyFloor.jvmOptions(21)).containsExactly("-XX:+UseParallelGC", "-Xmn64m",
                "-Dio.netty.leakDetection.level=disabled", "-Dio.netty.jfr.enabled=false");
        assertThat(NettyFloor.jvmOptions(25)).contains("-XX:+UseCompactObjectHeaders",
                "--sun-misc-unsafe-memory-access=allow", "--enable-native-access=ALL-UNNAMED");
    }

    @Test
    void theFloorProxyIsWhereTheSuiteRunsFrom() {
        assertThat(Files.exists(NettyFloor.benchJar())).isTrue();
        assertThat(NettyFloor.MAIN_CLASS).isEqualTo("io.jpraxis.bench.floor.BareNettyProxy");
    }
}
