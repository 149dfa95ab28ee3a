package io.jpraxis.core.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.pipeline.BodyLimitsPolicy.Applied;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The apply_body_limits (see docs/behaviour/body-access.md#access-and-delivery-modes), rule by
 * rule, with the 64 MiB cap (see docs/behaviour/body-access.md#body-limits) on buffers.
 */
class BodyLimitsPolicyTest {
    private static final long MIB = 1024 * 1024;

    @Test
    void withoutBodyFiltersTheCeilingIsASizeLimit() {
        assertThat(BodyLimitsPolicy.apply(Optional.empty(), 10 * MIB))
                .isEqualTo(new Applied(new BodyMode.SizeLimit(10 * MIB), 10 * MIB, false));
    }

    @Test
    void withoutBodyFiltersOrCeilingTheBodyStreamsUncounted() {
        assertThat(BodyLimitsPolicy.apply(Optional.empty(), null))
                .as("docs/behaviour/body-access.md#body-limits: a body nobody needs is bounded only by body_limits")
                .isEqualTo(new Applied(BodyMode.STREAM, null, false));
    }

    @Test
    void aDeclaredStreamStaysStreamButIsCountedAgainstTheCeiling() {
        assertThat(BodyLimitsPolicy.apply(Optional.of(BodyMode.STREAM), 5 * MIB))
                .isEqualTo(new Applied(BodyMode.STREAM, 5 * MIB, false));
    }

    @Test
    void aBufferTakesTheSmallerOfItsBoundAndTheCeiling() {
        assertThat(BodyLimitsPolicy.apply(Optional.of(BodyMode.buffer(MIB)), 10 * MIB))
                .isEqualTo(new Applied(BodyMode.buffer(MIB), MIB, false));
        assertThat(BodyLimitsPolicy.apply(Optional.of(BodyMode.buffer(10 * MIB)), MIB))
                .isEqualTo(new Applied(BodyMode.buffer(MIB), MIB, false));
        assertThat(BodyLimitsPolicy.apply(Optional.of(new BodyMode.StreamBuffer(null)), 3 * MIB))
                .as("an unbounded buffer under a ceiling takes the ceiling")
                .isEqualTo(new Applied(BodyMode.buffer(3 * MIB), 3 * MIB, false));
    }

    @Test
    void aBufferNeverExceedsTheAbsoluteCap() {
        assertThat(BodyLimitsPolicy.apply(Optional.of(BodyMode.buffer(100 * MIB)), null))
                .isEqualTo(new Applied(BodyMode.buffer(BodyLimits.ABSOLUTE_CAP_BYTES), BodyLimits.ABSOLUTE_CAP_BYTES,
                        false));
        assertThat(BodyLimitsPolicy.apply(Optional.of(BodyMode.buffer(MIB)), 100 * MIB).limit()).isEqualTo(MIB);
    }

    @Test
    void anUnboundedBufferWithoutCeilingIsFlaggedAndClamped() {
        Applied applied = BodyLimitsPolicy.apply(Optional.of(new BodyMode.StreamBuffer(null)), null);
        assertThat(applied.unbounded()).as("rule 4: the caller refuses it unless allow_unbounded_body").isTrue();
        assertThat(applied.mode()).isEqualTo(BodyMode.buffer(BodyLimits.ABSOLUTE_CAP_BYTES));
    }
}
