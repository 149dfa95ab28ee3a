package io.jpraxis.ai.modelfailover;

import io.jpraxis.core.filter.FilterGauge;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * What a {@code model_failover} did (see docs/behaviour/model-failover.md#metrics): each move to a
 * next entry, and each request that ran out of entries, by the reason the last attempt failed.
 */
final class FailoverCounters {
    static final String FAILOVERS = "jpraxis.model.failovers";
    static final String EXHAUSTED = "jpraxis.model.failovers.exhausted";

    /** Why an attempt was left, as the edge reports it. */
    enum Reason {
        STATUS, TRANSPORT_ERROR, FIRST_BYTE_TIMEOUT;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Reason of(String label) {
            for (Reason r : values()) {
                if (r.label().equals(label)) {
                    return r;
                }
            }
            return TRANSPORT_ERROR;
        }
    }

    private final Map<Reason, LongAdder> moved = new EnumMap<>(Reason.class);
    private final Map<Reason, LongAdder> exhausted = new EnumMap<>(Reason.class);
    private final List<FilterGauge> meters = new ArrayList<>();

    FailoverCounters() {
        for (Reason r : Reason.values()) {
            LongAdder m = new LongAdder();
            LongAdder e = new LongAdder();
            moved.put(r, m);
            exhausted.put(r, e);
            meters.add(FilterGauge.counter(FAILOVERS, "Requests a model_failover sent on to their next entry, by why "
                    + "the previous attempt was left", Map.of("reason", r.label()), m::sum));
            meters.add(FilterGauge.counter(EXHAUSTED, "Requests whose last entry failed with no entry left to try, by "
                    + "why", Map.of("reason", r.label()), e::sum));
        }
    }

    void movedOn(String reason) {
        moved.get(Reason.of(reason)).increment();
    }

    void exhausted(String reason) {
        exhausted.get(Reason.of(reason)).increment();
    }

    List<FilterGauge> meters() {
        return meters;
    }
}
