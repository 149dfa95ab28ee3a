package io.jpraxis.ai.overlay;

import java.time.Duration;
import java.util.Objects;

/** {@code reload}: whether the overlay file is watched, and how long a burst of events is let settle. */
public record ReloadSettings(boolean enabled, Duration debounce) {
    /** Praxis's defaults: watching on, 500 ms debounce. */
    public static final ReloadSettings DEFAULT = new ReloadSettings(true, Duration.ofMillis(500));

    public ReloadSettings {
        Objects.requireNonNull(debounce, "debounce");
        if (debounce.isNegative()) {
            throw new IllegalArgumentException("debounce: " + debounce + " (expected: zero or more)");
        }
    }
}
