package io.jpraxis.bench.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

class SoakVerdictTest {

    @Test
    void anHourComparesMinuteTenWithTheLastMinute() {
        assertThat(SoakWindows.baseline(3600, 10)).isEqualTo(new SoakWindows.Window(540, 600));
        assertThat(SoakWindows.last(3600, 10)).isEqualTo(new SoakWindows.Window(3540, 3600));
    }

    @Test
    void shortRunsScaleTheWindowsButKeepThreeSamplesInEach() {
        assertThat(SoakWindows.baseline(240, 10)).as("ends at a sixth, 3 samples wide").isEqualTo(new SoakWindows.Window(10, 40));
        assertThat(SoakWindows.last(240, 10)).isEqualTo(new SoakWindows.Window(210, 240));
        assertThat(SoakWindows.baseline(120, 10)).as("never before the start").isEqualTo(new SoakWindows.Window(0, 20));
    }

    /** Samples every 10 s (at 5, 15, ...) over {@code seconds}, every metric set by {@code value} of the time. */
    private static List<SoakSample> samples(int seconds, DoubleUnaryOperator value) {
        List<SoakSample> samples = new ArrayList<>();
        for (double t = 5; t < seconds; t += 10) {
            long v = Math.round(value.applyAsDouble(t));
            samples.add(new SoakSample(t, v * 1024, v * 1024, 1024, v, 20, v, 0, 0, 1));
        }
        return samples;
    }

    private static SoakVerdict judge(SoakMetric metric, List<SoakSample> samples) {
        return SoakVerdict.judge(metric, samples, SoakWindows.baseline(3600, 10), SoakWindows.last(3600, 10));
    }

    @Test
    void growthUnderFivePercentPassesAndAtFivePercentFails() {
        assertThat(judge(SoakMetric.RSS, samples(3600, t -> t < 1800 ? 200 : 209)).pass()).as("+4.5%").isTrue();
        SoakVerdict grown = judge(SoakMetric.RSS, samples(3600, t -> t < 1800 ? 200 : 210));
        assertThat(grown.pass()).as("+5% is not less than 5%").isFalse();
        assertThat(grown.growthPercent()).isEqualTo(5.0);
        assertThat(grown.baselineSamples()).as("minute 10 holds 6 samples").isEqualTo(6);
    }

    @Test
    void theMedianIgnoresOneOutlierInAWindow() {
        SoakVerdict v = judge(SoakMetric.HEAP_AFTER_GC, samples(3600, t -> t == 3595 ? 400 : 100));
        assertThat(v.pass()).as("one high sample of six in the last minute").isTrue();
    }

    @Test
    void aSmallConnectionCountMayGrowByFourWhateverFivePercentIs() {
        assertThat(judge(SoakMetric.UPSTREAM_CONNECTIONS, samples(3600, t -> t < 1800 ? 30 : 33)).pass())
                .as("+3 of 30 is 10%, under the absolute 4").isTrue();
        assertThat(judge(SoakMetric.UPSTREAM_CONNECTIONS, samples(3600, t -> t < 1800 ? 30 : 34)).pass())
                .as("+4 is not less than 4").isFalse();
        assertThat(judge(SoakMetric.OPEN_FDS, samples(3600, t -> t < 1800 ? 30 : 33)).pass())
                .as("file descriptors get the 5% alone").isFalse();
    }

    @Test
    void aMetricThatWasNeverReadFails() {
        assertThat(judge(SoakMetric.RSS, samples(3600, t -> -1)).pass()).as("no figure is no evidence").isFalse();
    }
}
