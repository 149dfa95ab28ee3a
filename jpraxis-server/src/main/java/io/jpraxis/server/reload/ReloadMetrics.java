package io.jpraxis.server.reload;

import io.jpraxis.core.generation.GenerationSlot;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Reload meters: {@code jpraxis_config_reloads_total} by {@code outcome} ({@code applied} is a
 * success; {@code invalid}, {@code restart_required} and {@code failed} keep the old config), the
 * load time of the serving revision, and how many config generations are open (the serving one
 * plus replaced ones still finishing requests; it returns to 1 once they have drained).
 */
final class ReloadMetrics {
    private final Counter applied;
    private final Counter invalid;
    private final Counter restartRequired;
    private final Counter failed;

    ReloadMetrics(MeterRegistry meters, GenerationSlot generations) {
        this.applied = outcome(meters, "applied");
        this.invalid = outcome(meters, "invalid");
        this.restartRequired = outcome(meters, "restart_required");
        this.failed = outcome(meters, "failed");
        Gauge.builder("jpraxis.config.generations.open", generations, GenerationSlot::openGenerations)
                .description("Config generations not closed yet: the serving one and replaced ones still in use")
                .register(meters);
        Gauge.builder("jpraxis.config.loaded.timestamp.seconds", generations,
                        g -> g.current().revision().map(r -> r.loadedAt().toEpochMilli() / 1000.0).orElse(Double.NaN))
                .description("When the serving config revision was loaded (Unix time)")
                .register(meters);
    }

    private static Counter outcome(MeterRegistry meters, String outcome) {
        return Counter.builder("jpraxis.config.reloads").description("Config reload attempts that found new content")
                .tag("outcome", outcome).register(meters);
    }

    void record(ReloadOutcome outcome) {
        switch (outcome) {
            case ReloadOutcome.Unchanged u -> {
                // Not an attempt: an event in the directory, or a save with the same bytes.
            }
            case ReloadOutcome.Applied a -> applied.increment();
            case ReloadOutcome.Invalid i -> invalid.increment();
            case ReloadOutcome.NeedsRestart r -> restartRequired.increment();
            case ReloadOutcome.Failed f -> failed.increment();
        }
    }
}
