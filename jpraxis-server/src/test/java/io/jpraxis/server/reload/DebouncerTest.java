package io.jpraxis.server.reload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The debounce rule on a hand-driven clock (milliseconds written as nanoseconds). */
class DebouncerTest {
    private static final long MS = 1_000_000;
    private final Debouncer debouncer = new Debouncer(Duration.ofMillis(500), Duration.ofMillis(5000));

    @Test
    void aBurstOfEventsFiresOnceWhenTheFileHasBeenQuietForTheWindow() {
        debouncer.event(0);
        debouncer.event(100 * MS);
        debouncer.event(450 * MS);

        assertThat(debouncer.due(900 * MS)).as("only 450 ms since the last event").isFalse();
        assertThat(debouncer.nanosUntilDue(900 * MS)).isEqualTo(50 * MS);
        assertThat(debouncer.due(950 * MS)).as("500 ms of quiet").isTrue();

        debouncer.fired();
        assertThat(debouncer.pending()).isFalse();
        assertThat(debouncer.due(10_000 * MS)).as("the burst was acted on once").isFalse();
        assertThat(debouncer.nanosUntilDue(10_000 * MS)).as("nothing pending").isEqualTo(-1);
    }

    @Test
    void aFileThatNeverGoesQuietStillReloadsAfterTheMaximumDelay() {
        for (long t = 0; t < 5000; t += 100) {
            debouncer.event(t * MS);
            assertThat(debouncer.due(t * MS)).as("at %d ms", t).isFalse();
        }
        debouncer.event(5000 * MS);
        assertThat(debouncer.due(5000 * MS)).as("5 s after the first event of the burst").isTrue();
        assertThat(debouncer.nanosUntilDue(5000 * MS)).isZero();
    }

    @Test
    void anEventAfterFiringStartsANewBurst() {
        debouncer.event(0);
        debouncer.fired();
        debouncer.event(7000 * MS);

        assertThat(debouncer.due(7100 * MS)).as("the new burst has its own window").isFalse();
        assertThat(debouncer.due(7500 * MS)).isTrue();
    }

    @Test
    void standardWindowIsTheSpecs500Ms() {
        Debouncer standard = Debouncer.standard();
        standard.event(0);
        assertThat(standard.due(499 * MS)).isFalse();
        assertThat(standard.due(500 * MS)).isTrue();
    }

    @Test
    void maxDelayShorterThanTheWindowIsRefused() {
        assertThatThrownBy(() -> new Debouncer(Duration.ofMillis(500), Duration.ofMillis(100)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("expected: 0 <= window <= max delay");
    }
}
