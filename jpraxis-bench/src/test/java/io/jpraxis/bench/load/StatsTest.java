package io.jpraxis.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class StatsTest {

    @Test
    void medianOfAnOddCountIsTheMiddleValue() {
        assertThat(Stats.median(List.of(3.0, 1.0, 2.0))).isEqualTo(2.0);
    }

    @Test
    void medianOfAnEvenCountIsTheMeanOfTheMiddlePair() {
        assertThat(Stats.median(List.of(4.0, 1.0, 3.0, 2.0))).isEqualTo(2.5);
    }

    @Test
    void medianSkipsMissingFigures() {
        assertThat(Stats.median(List.of(Double.NaN, 5.0, 7.0, 6.0))).as("a failed run's NaN is not a figure")
                .isEqualTo(6.0);
        assertThat(Stats.median(List.of())).isNaN();
        assertThat(Stats.median(List.of(Double.NaN))).isNaN();
    }

    @Test
    void percentileIsNearestRank() {
        long[] oneToTen = LongStream.rangeClosed(1, 10).toArray();
        assertThat(Stats.percentile(oneToTen, 50)).isEqualTo(5);
        assertThat(Stats.percentile(oneToTen, 90)).isEqualTo(9);
        assertThat(Stats.percentile(oneToTen, 99)).as("rank ceil(9.9) = 10").isEqualTo(10);
        assertThat(Stats.percentile(oneToTen, 100)).isEqualTo(10);
        assertThat(Stats.percentile(oneToTen, 1)).isEqualTo(1);
    }

    @Test
    void percentileOfOneSampleOrNone() {
        assertThat(Stats.percentile(new long[] {42}, 99)).isEqualTo(42);
        assertThat(Stats.percentile(new long[0], 50)).as("no samples, no figure").isEqualTo(-1);
    }

    @Test
    void percentileRefusesOutOfRangeP() {
        assertThatThrownBy(() -> Stats.percentile(new long[] {1}, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Stats.percentile(new long[] {1}, 101)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void ascendingSortsACopy() {
        long[] samples = {3, 1, 2};
        assertThat(Stats.ascending(samples)).containsExactly(1, 2, 3);
        assertThat(samples).as("the caller's array is left alone").containsExactly(3, 1, 2);
    }
}
