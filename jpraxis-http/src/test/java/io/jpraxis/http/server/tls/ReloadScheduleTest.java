package io.jpraxis.http.server.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The schedule on a hand-driven clock (milliseconds as nanoseconds scaled by {@link #ms}). */
class ReloadScheduleTest {
    private final ReloadSchedule schedule = new ReloadSchedule(ReloadDelays.STANDARD);

    private static long ms(long millis) {
        return Duration.ofMillis(millis).toNanos();
    }

    @Test
    void aFirstEventReloadsHalfASecondLater() {
        assertThat(schedule.pending()).as("nothing scheduled before an event").isFalse();

        schedule.event(ms(1_000));

        assertThat(schedule.due(ms(1_499))).as("still waiting for the burst to settle").isFalse();
        assertThat(schedule.due(ms(1_500))).isTrue();
        assertThat(schedule.nanosUntilDue(ms(1_200))).isEqualTo(ms(300));
    }

    @Test
    void eventsWhileAReloadIsPendingJoinIt() {
        schedule.event(ms(0));
        schedule.event(ms(400));
        schedule.event(ms(499));

        assertThat(schedule.due(ms(500))).as("later events do not push the reload back").isTrue();
        schedule.succeeded(ms(500));
        assertThat(schedule.pending()).as("one reload served the whole burst").isFalse();
    }

    @Test
    void aSuccessHoldsTheNextReloadOffForTheCooldown() {
        schedule.event(ms(0));
        schedule.succeeded(ms(500));

        schedule.event(ms(1_000));

        assertThat(schedule.due(ms(1_500))).as("inside the 5 s cooldown").isFalse();
        assertThat(schedule.due(ms(5_500))).as("the cooldown ends 5 s after the success").isTrue();
    }

    @Test
    void anEventAfterTheCooldownWaitsOnlyTheFirstDelay() {
        schedule.event(ms(0));
        schedule.succeeded(ms(500));

        schedule.event(ms(20_000));

        assertThat(schedule.due(ms(20_500))).isTrue();
    }

    @Test
    void failuresRetryWithoutAnEventAndDoubleUpToAMinute() {
        schedule.event(ms(0));
        long now = ms(500);
        long[] expectedSeconds = {1, 2, 4, 8, 16, 32, 60, 60};
        for (long seconds : expectedSeconds) {
            schedule.failed(now);
            assertThat(schedule.retryDelay()).isEqualTo(Duration.ofSeconds(seconds));
            assertThat(schedule.pending()).as("a failed reload is retried without a new event").isTrue();
            assertThat(schedule.due(now + Duration.ofSeconds(seconds).toNanos() - 1)).isFalse();
            now += Duration.ofSeconds(seconds).toNanos();
            assertThat(schedule.due(now)).isTrue();
        }
    }

    @Test
    void eventsDuringABackoffDoNotBringTheRetryForward() {
        schedule.event(ms(0));
        schedule.failed(ms(500));
        schedule.failed(ms(1_500)); // the retry 2 s later is due at 3.5 s

        schedule.event(ms(2_000));

        assertThat(schedule.due(ms(2_500))).isFalse();
        assertThat(schedule.due(ms(3_500))).isTrue();
    }

    @Test
    void aSuccessAfterFailuresStartsTheBackoffAfresh() {
        schedule.event(ms(0));
        schedule.failed(ms(500));
        schedule.failed(ms(1_500));
        schedule.succeeded(ms(3_500));
        assertThat(schedule.failing()).isFalse();

        schedule.event(ms(30_000));
        schedule.failed(ms(30_500));

        assertThat(schedule.retryDelay()).as("doubling starts again from the first delay")
                .isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void filesBackToTheServedOnesEndTheBackoff() {
        schedule.event(ms(0));
        schedule.failed(ms(500));

        schedule.unchanged();

        assertThat(schedule.failing()).isFalse();
        assertThat(schedule.pending()).isFalse();
    }

    @Test
    void delaysAreChecked() {
        assertThatThrownBy(() -> new ReloadDelays(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("expected: 0 < first");
        assertThatThrownBy(() -> new ReloadDelays(Duration.ofSeconds(2), Duration.ZERO, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("first <= max backoff");
    }
}
