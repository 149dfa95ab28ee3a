package io.jpraxis.bench.soak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SoakOptionsTest {

    @Test
    void defaultsAreAnHourSampledEveryTenSecondsReloadedEveryMinuteAtTheCalibratedRate() {
        SoakOptions o = SoakOptions.parse();
        assertThat(o.minutes()).isEqualTo(60);
        assertThat(o.sampleSeconds()).isEqualTo(10);
        assertThat(o.reloadSeconds()).isEqualTo(60);
        assertThat(o.rate()).as("NaN: half of the calibrated peak").isNaN();
        assertThat(o.reportable()).as("an hour is a result").isTrue();
    }

    @Test
    void aShortRunIsNotAResult() {
        SoakOptions o = SoakOptions.parse("--minutes", "4", "--rate", "1500.5", "--reload-secs", "30");
        assertThat(o.reportable()).as("4 minutes is a check of the soak").isFalse();
        assertThat(o.rate()).isEqualTo(1500.5);
        assertThat(o.seconds()).isEqualTo(240);
    }

    @Test
    void refusesBadValuesNamingTheOption() {
        assertThatThrownBy(() -> SoakOptions.parse("--minutes", "0")).hasMessageStartingWith("--minutes: \"0\"");
        assertThatThrownBy(() -> SoakOptions.parse("--rate", "fast")).hasMessageStartingWith("--rate: \"fast\"");
        assertThatThrownBy(() -> SoakOptions.parse("--hours", "1")).hasMessageContaining("unknown option");
        assertThatThrownBy(() -> SoakOptions.parse("--sample-secs")).hasMessageContaining("missing value");
    }

    @Test
    void refusesASampleIntervalThatLeavesTooFewSamplesPerWindow() {
        assertThatThrownBy(() -> SoakOptions.parse("--minutes", "1", "--sample-secs", "20"))
                .as("60 s holds two windows of 3 samples only at 10 s or less")
                .hasMessageStartingWith("--sample-secs: 20 (expected: at most 10");
    }
}
