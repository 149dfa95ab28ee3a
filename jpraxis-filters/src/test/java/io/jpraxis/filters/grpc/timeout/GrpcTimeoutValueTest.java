package io.jpraxis.filters.grpc.timeout;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class GrpcTimeoutValueTest {

    private static Duration valid(String value) {
        GrpcTimeoutValue.Parsed parsed = GrpcTimeoutValue.parse(value);
        assertThat(parsed).as(value).isInstanceOf(GrpcTimeoutValue.Valid.class);
        return ((GrpcTimeoutValue.Valid) parsed).timeout();
    }

    private static String malformed(String value) {
        GrpcTimeoutValue.Parsed parsed = GrpcTimeoutValue.parse(value);
        assertThat(parsed).as(value).isInstanceOf(GrpcTimeoutValue.Malformed.class);
        return ((GrpcTimeoutValue.Malformed) parsed).reason();
    }

    @Test
    void unitsAreCaseSensitive() {
        assertThat(valid("1M")).as("upper-case M is minutes").isEqualTo(Duration.ofMinutes(1));
        assertThat(valid("1m")).as("lower-case m is milliseconds").isEqualTo(Duration.ofMillis(1));
        assertThat(valid("2H")).isEqualTo(Duration.ofHours(2));
        assertThat(valid("3S")).isEqualTo(Duration.ofSeconds(3));
        assertThat(valid("4u")).isEqualTo(Duration.ofNanos(4_000));
        assertThat(valid("5n")).isEqualTo(Duration.ofNanos(5));
    }

    @Test
    void eightDigitsAreTheMost() {
        assertThat(valid("99999999n")).isEqualTo(Duration.ofNanos(99_999_999));
        assertThat(valid("99999999H")).as("no overflow").isEqualTo(Duration.ofHours(99_999_999));
        assertThat(malformed("123456789S")).contains("9 digits");
    }

    @Test
    void refusesWhatNoPeerMaySend() {
        assertThat(malformed("0S")).isEqualTo("zero");
        assertThat(malformed("")).isEqualTo("empty");
        assertThat(malformed("S")).contains("no digits");
        assertThat(malformed("10x")).contains("unknown unit 'x'");
        assertThat(malformed("10s")).as("seconds are upper-case only").contains("unknown unit 's'");
        for (String value : new String[] {"-5S", "+5S", " 5S", "1.5S", "5 S"}) {
            assertThat(malformed(value)).as(value).contains("not a plain decimal");
        }
    }

    @Test
    void encodesInTheCoarsestExactUnit() {
        assertThat(GrpcTimeoutValue.encode(Duration.ofMillis(250))).isEqualTo("250m");
        assertThat(GrpcTimeoutValue.encode(Duration.ofSeconds(60))).isEqualTo("1M");
        assertThat(GrpcTimeoutValue.encode(Duration.ofHours(1))).isEqualTo("1H");
        assertThat(GrpcTimeoutValue.encode(Duration.ofNanos(1_500_001))).isEqualTo("1500001n");
    }

    @Test
    void neverRoundsUpAndNeverSaysZero() {
        // 2.999999999 s: no unit is exact within eight digits, so the finest that fits, truncated.
        String encoded = GrpcTimeoutValue.encode(Duration.ofNanos(2_999_999_999L));
        assertThat(encoded).isEqualTo("2999999u");
        assertThat(valid(encoded)).as("not later than the time left").isLessThanOrEqualTo(Duration.ofNanos(2_999_999_999L));
        assertThat(GrpcTimeoutValue.encode(Duration.ZERO)).as("at least 1n").isEqualTo("1n");
        assertThat(GrpcTimeoutValue.encode(Duration.ofMillis(-5))).isEqualTo("1n");
    }

    @Test
    void roundTrips() {
        for (Duration d : new Duration[] {Duration.ofNanos(1), Duration.ofNanos(7_000), Duration.ofMillis(250),
                Duration.ofSeconds(30), Duration.ofHours(1)}) {
            assertThat(valid(GrpcTimeoutValue.encode(d))).as(d.toString()).isEqualTo(d);
        }
    }
}
