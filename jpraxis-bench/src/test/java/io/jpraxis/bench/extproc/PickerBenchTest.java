package io.jpraxis.bench.extproc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import io.envoyproxy.envoy.service.ext_proc.v3.ImmediateResponse;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingResponse;
import io.envoyproxy.envoy.type.v3.HttpStatus;
import io.envoyproxy.envoy.type.v3.StatusCode;
import io.jpraxis.bench.load.MachineInfo;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PickerBenchTest {
    @Test
    void aReplyCountsAsAPickOnlyWithTheRouteHeaderInEnvoyLb() {
        Struct lb = Struct.newBuilder().putFields(DecisionClient.ROUTE, Value.newBuilder().setStringValue("10.0.0.1:80")
                .build()).build();
        ProcessingResponse picked = ProcessingResponse.newBuilder().setDynamicMetadata(Struct.newBuilder()
                .putFields("envoy.lb", Value.newBuilder().setStructValue(lb).build())).build();
        assertThat(DecisionClient.outcome(picked)).isEqualTo(new DecisionClient.Picked("10.0.0.1:80"));
        assertThat(DecisionClient.outcome(ProcessingResponse.getDefaultInstance()))
                .as("a reply without metadata is no decision").isInstanceOf(DecisionClient.Refused.class);
        ProcessingResponse refused = ProcessingResponse.newBuilder().setImmediateResponse(ImmediateResponse.newBuilder()
                .setStatus(HttpStatus.newBuilder().setCode(StatusCode.ServiceUnavailable))).build();
        assertThat(DecisionClient.outcome(refused)).isEqualTo(new DecisionClient.Refused("immediate 503"));
    }

    @Test
    void optionsHaveBoundedDefaultsAndRefuseNonsense() {
        PickerBench.Options o = PickerBench.Options.parse(new String[] {"--rate", "500", "--root", "/tmp"});
        assertThat(o.rate()).isEqualTo(500);
        assertThat(o.example()).isEqualTo(Path.of("/tmp/examples/extproc/picker-mode.yaml"));
        assertThat(o.warmup()).isEqualTo(Duration.ofSeconds(15));
        assertThatThrownBy(() -> PickerBench.Options.parse(new String[] {"--rate", "-5"}))
                .hasMessageContaining("--rate: -5 (expected: a positive integer)");
    }

    @Test
    void goalsAreJudgedOnTheMedianRoundAndMissedByAnyProblem() {
        CpuWindow.Measured window = new CpuWindow.Measured(5, 1, 1, 0);
        PickerBench.Options o = PickerBench.Options.parse(new String[0]);
        ClosedLoop.Result fast = new ClosedLoop.Result(64, 4, window, 150_000, Map.of());
        ClosedLoop.Result slow = new ClosedLoop.Result(64, 4, window, 50_000, Map.of());
        OpenLoop.Result quick = new OpenLoop.Result(2000, window, 10_000, Map.of(), 300, 400, 900, 2000, 3000, 102, 205);
        OpenLoop.Result stalled = new OpenLoop.Result(2000, window, 10_000, Map.of(), 300, 400, 9000, 20000, 30000, 102, 410);
        PickerReport ok = new PickerReport("t", machine(), "0", o, List.of(fast, slow, fast),
                List.of(quick, stalled, quick), List.of(fast), List.of(stalled));
        assertThat(ok.medianDecisionsPerSecond()).isEqualTo(30_000);
        assertThat(ok.throughputMet()).as("one slow round of three does not decide").isTrue();
        assertThat(ok.latencyMet()).isTrue();
        assertThat(ok.markdown()).contains("| 30000 decisions/s | met |", "| p99 900 µs | met |", "| 2 | 10000 |",
                "| 30000 decisions/s, p99 9000 µs | - |", "| <= 205 µs (p50 <= 102 µs) | - |",
                "| <= 102 µs / <= 410 µs |");
        PickerReport failing = new PickerReport("t", machine(), "0", o,
                List.of(fast, new ClosedLoop.Result(64, 4, window, 150_000, Map.of("failed: UNAVAILABLE", 1L)), fast),
                List.of(new OpenLoop.Result(2000, window, 10_000, Map.of(), 300, 400, 1000, 2000, 3000, Double.NaN, Double.NaN)), List.of(),
                List.of());
        assertThat(failing.throughputMet()).as("an error in any round spoils the throughput figure").isFalse();
        assertThat(failing.latencyMet()).as("1 ms is not under 1 ms").isFalse();
    }

    @Test
    void serverSidePercentilesAreBucketBoundsOfWhatTheWindowAdded() {
        String before = """
                # TYPE jpraxis_extproc_phase_duration_seconds histogram
                jpraxis_extproc_phase_duration_seconds_bucket{phase="request_headers",le="1.0E-4"} 10
                jpraxis_extproc_phase_duration_seconds_bucket{phase="request_headers",le="5.0E-4"} 20
                jpraxis_extproc_phase_duration_seconds_bucket{phase="request_headers",le="+Inf"} 20
                jpraxis_extproc_phase_duration_seconds_bucket{phase="request_body",le="+Inf"} 7
                """;
        String after = """
                jpraxis_extproc_phase_duration_seconds_bucket{phase="request_headers",le="1.0E-4"} 108
                jpraxis_extproc_phase_duration_seconds_bucket{phase="request_headers",le="5.0E-4"} 119
                jpraxis_extproc_phase_duration_seconds_bucket{phase="request_headers",le="+Inf"} 120
                jpraxis_extproc_phase_duration_seconds_bucket{phase="request_body",le="+Inf"} 900
                """;
        Map<Double, Long> b = PhaseHistogram.parse(before);
        Map<Double, Long> a = PhaseHistogram.parse(after);
        assertThat(a).as("only the request_headers phase").hasSize(3);
        // 100 recorded in the window: 98 under 100 µs, 1 under 500 µs, 1 above.
        assertThat(PhaseHistogram.percentileMicros(b, a, 50)).isEqualTo(100.0, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(PhaseHistogram.percentileMicros(b, a, 99)).isEqualTo(500.0, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(PhaseHistogram.percentileMicros(b, a, 100)).isInfinite();
        assertThat(PhaseHistogram.percentileMicros(a, a, 99)).as("nothing recorded").isNaN();
    }

    private static MachineInfo machine() {
        return new MachineInfo(2, "cpu", "kernel", "mem", "jdk", "", "", "", "", "abc", "", "0 0 0");
    }
}
