package io.jpraxis.bench.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SoakParsersTest {

    private static final String METRICS = """
            # HELP jpraxis_config_reloads_total Config reload attempts that found new content
            # TYPE jpraxis_config_reloads_total counter
            jpraxis_config_reloads_total{outcome="applied"} 7.0
            jpraxis_config_reloads_total{outcome="invalid"} 1.0
            # TYPE jpraxis_upstream_pool_idle gauge
            jpraxis_upstream_pool_idle 12.0
            jpraxis_upstream_pool_idle_extra 99.0
            jpraxis_requests_total{cluster="origin",listener="bench",status="200"} 10.0
            jpraxis_requests_total{cluster="origin",listener="bench",status="503"} 2.0
            """;

    @Test
    void readsALabelledSampleAndAnUnlabelledOne() {
        assertThat(PrometheusText.sum(METRICS, "jpraxis_config_reloads_total", Map.of("outcome", "applied")))
                .hasValue(7.0);
        assertThat(PrometheusText.sum(METRICS, "jpraxis_upstream_pool_idle", Map.of()))
                .as("a longer name with the same prefix is another metric").hasValue(12.0);
    }

    @Test
    void sumsTheSamplesThatCarryTheGivenLabels() {
        assertThat(PrometheusText.sum(METRICS, "jpraxis_requests_total", Map.of("listener", "bench"))).hasValue(12.0);
        assertThat(PrometheusText.sum(METRICS, "jpraxis_config_reloads_total", Map.of("outcome", "failed")))
                .as("no such sample").isEmpty();
    }

    @Test
    void heapAfterGcSumsTheGenerationsAndReadsTheMetaspace() {
        // jcmd PID -f with GC.run, GC.heap_info and VM.metaspace basic, as JDK 25 prints them.
        String out = """
                31812:
                Command executed successfully
                PSYoungGen      total 113152K, used 512K [0x0000000782700000, 0x000000078a500000, 0x0000000800000000)
                 eden space 97280K, 0% used [0x0000000782700000,0x0000000782700000,0x0000000788600000)
                 from space 15872K, 0% used [0x0000000789580000,0x0000000789580000,0x000000078a500000)
                ParOldGen       total 258048K, used 2926K [0x0000000687400000, 0x0000000697000000, 0x0000000782700000)
                 object space 258048K, 1% used [0x0000000687400000,0x00000006876dba98,0x0000000697000000)
                Metaspace        used 9267K, committed 9472K, reserved 1114112K
                 class space     used 1126K, committed 1216K, reserved 1048576K
                """;
        assertThat(HeapProbe.parse(out)).isEqualTo(new HeapProbe.Heap(512 + 2926, 9267));
        assertThat(HeapProbe.parse("31812:\nno such command\n")).as("nothing read").isEqualTo(new HeapProbe.Heap(-1, -1));
    }
}
