package io.jpraxis.core.pipeline;

import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.core.filter.BodyMode;
import java.util.Optional;

/**
 * The {@code apply_body_limits} (see docs/behaviour/body-access.md#access-and-delivery-modes):
 * turns what the filters of one direction declared into the mode the edge runs, under the global
 * ceiling and the absolute 64 MiB cap on buffered bodies (see
 * docs/behaviour/body-access.md#body-limits). Pure; the caller reports what {@link
 * Applied#unbounded()} flags.
 */
final class BodyLimitsPolicy {
    private BodyLimitsPolicy() {
    }

    /**
     * The effective mode and byte limit of one direction.
     *
     * @param unbounded a buffer with neither a filter bound nor a ceiling was asked for; it has been
     *     clamped to the absolute cap, which is only allowed with {@code allow_unbounded_body}
     */
    record Applied(BodyMode mode, Long limit, boolean unbounded) {
    }

    /**
     * @param declared the ratchet of the modes declared by filters wanting this direction's body;
     *     empty when none does
     * @param ceiling {@code body_limits}' value for this direction; null when unbounded
     */
    static Applied apply(Optional<BodyMode> declared, Long ceiling) {
        if (declared.isEmpty()) {
            // Rule 1: nobody needs the body; it streams, counted against the ceiling if there is one.
            return ceiling == null ? new Applied(BodyMode.STREAM, null, false)
                    : new Applied(new BodyMode.SizeLimit(ceiling), ceiling, false);
        }
        return switch (declared.get()) {
            // Rule 2: an explicit Stream stays Stream; the edge still counts against the ceiling.
            case BodyMode.Stream s -> new Applied(s, ceiling, false);
            case BodyMode.SizeLimit l -> {
                long max = ceiling == null ? l.maxBytes() : Math.min(l.maxBytes(), ceiling);
                yield new Applied(new BodyMode.SizeLimit(max), max, false);
            }
            case BodyMode.StreamBuffer b -> buffer(b.maxBytes(), ceiling);
        };
    }

    /** Rules 3 and 4: the smaller of the filter's bound and the ceiling, never above the absolute cap. */
    private static Applied buffer(Long filterMax, Long ceiling) {
        Long max;
        if (filterMax == null || ceiling == null) {
            max = filterMax == null ? ceiling : filterMax;
        } else {
            max = Math.min(filterMax, ceiling);
        }
        boolean unbounded = max == null;
        long bounded = unbounded ? BodyLimits.ABSOLUTE_CAP_BYTES : Math.min(max, BodyLimits.ABSOLUTE_CAP_BYTES);
        return new Applied(BodyMode.buffer(bounded), bounded, unbounded);
    }
}
