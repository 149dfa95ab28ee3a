package io.jpraxis.core.balance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.jpraxis.config.model.SlowStartConfig;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.EndpointState;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The ramp curve and the weights one pick uses. */
class SlowStartRampTest {
    private static final long WINDOW = 1_000_000_000L;

    @Test
    void aggressionOneIsAStraightLine() {
        assertThat(SlowStartRamp.factor(WINDOW / 10, WINDOW, 1)).as("a tenth of the window, a tenth of the weight")
                .isCloseTo(0.1, within(1e-12));
        assertThat(SlowStartRamp.factor(WINDOW / 2, WINDOW, 1)).as("half way, half the weight")
                .isCloseTo(0.5, within(1e-12));
    }

    @Test
    void aggressionAboveOneGivesWeightEarlier() {
        assertThat(SlowStartRamp.factor(WINDOW / 4, WINDOW, 2)).as("0.25 ^ (1/2)").isCloseTo(0.5, within(1e-12));
    }

    @Test
    void aggressionBelowOneHoldsWeightBack() {
        assertThat(SlowStartRamp.factor(WINDOW / 4, WINDOW, 0.5)).as("0.25 ^ 2").isCloseTo(0.0625, within(1e-12));
    }

    @Test
    void theRampStartsAtNoWeightAndEndsAtTheFullWeight() {
        assertThat(SlowStartRamp.factor(0, WINDOW, 1)).as("the first instant of the window").isZero();
        assertThat(SlowStartRamp.factor(WINDOW, WINDOW, 0.5)).as("the end of the window").isEqualTo(1);
        assertThat(SlowStartRamp.factor(10 * WINDOW, WINDOW, 3)).as("long after the window").isEqualTo(1);
    }

    @Test
    void aRampingEndpointPicksWithItsShareOfTheScaledWeight() {
        AtomicLong clock = new AtomicLong(5_000);
        SlowStartRamp ramp = new SlowStartRamp(new SlowStartConfig(1000, 1), clock::get);
        EndpointState settled = new EndpointState(new Endpoint("10.0.0.1", 80, 3), null, clock::get);
        EndpointState fresh = new EndpointState(new Endpoint("10.0.0.2", 80, 3), null, clock::get);
        EndpointState[] all = {settled, fresh};
        startRamp(fresh, clock.get());
        clock.addAndGet(250_000_000L);

        SlowStartRamp.Weighing weighing = ramp.weigh(all, new int[] {0, 1}, clock.get());

        assertThat(weighing.pickable().weights()).as("3 x 1000 in full, 3 x 1000 x 0.25 ramping")
                .containsExactly(3000, 750);
        assertThat(weighing.pickable().byCapacity()).as("slow start weighs load against weight").isTrue();
        assertThat(weighing.validUntil()).as("recomputed a hundredth of the window later")
                .isEqualTo(clock.get() + 10_000_000L);
    }

    @Test
    void anEndpointAtNoWeightIsLeftOutAndAllAtNoWeightFallBackToTheConfiguredWeights() {
        AtomicLong clock = new AtomicLong(0);
        SlowStartRamp ramp = new SlowStartRamp(new SlowStartConfig(1000, 1), clock::get);
        EndpointState settled = new EndpointState(new Endpoint("10.0.0.1", 80, 2), null, clock::get);
        EndpointState fresh = new EndpointState(new Endpoint("10.0.0.2", 80, 5), null, clock::get);
        startRamp(fresh, 0);

        assertThat(ramp.weigh(new EndpointState[] {settled, fresh}, new int[] {0, 1}, 0).pickable().indices())
                .as("an endpoint whose ramp just began takes nothing yet").containsExactly(0);
        SlowStartRamp.Weighing alone = ramp.weigh(new EndpointState[] {settled, fresh}, new int[] {1}, 0);
        assertThat(alone.pickable().weights()).as("only ramping endpoints at zero: the configured weights serve")
                .containsExactly(5);
        assertThat(alone.pickable().configured()).isTrue();
    }

    @Test
    void withNothingRampingTheConfiguredWeightsHoldUntilHealthChanges() {
        AtomicLong clock = new AtomicLong(0);
        SlowStartRamp ramp = new SlowStartRamp(new SlowStartConfig(1000, 1), clock::get);
        EndpointState[] all = {new EndpointState(new Endpoint("10.0.0.1", 80, 2), null, clock::get)};

        SlowStartRamp.Weighing weighing = ramp.weigh(all, new int[] {0}, 0);

        assertThat(weighing.pickable().weights()).as("a baseline endpoint keeps its weight").containsExactly(2);
        assertThat(weighing.validUntil()).as("no clock deadline").isEqualTo(Long.MAX_VALUE);
    }

    /** Starts a ramp the way a reload does (the setter is the upstream package's). */
    static void startRamp(EndpointState endpoint, long nanos) {
        io.jpraxis.core.upstream.SlowStartTestAccess.startRamp(endpoint, nanos);
    }
}
