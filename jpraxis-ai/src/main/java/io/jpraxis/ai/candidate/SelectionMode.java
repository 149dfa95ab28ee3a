package io.jpraxis.ai.candidate;

import java.util.Optional;

/**
 * The picking policy inside a selection group (see
 * docs/behaviour/intelligent-route.md#selection-order).
 */
public enum SelectionMode {
    DETERMINISTIC("deterministic", "deterministic"),
    ROUND_ROBIN("roundRobin", "round_robin"),
    RANDOM("random", "random"),
    WEIGHTED_RANDOM("weightedRandom", "weighted_random");

    private final String wire;
    private final String metadataName;

    SelectionMode(String wire, String metadataName) {
        this.wire = wire;
        this.metadataName = metadataName;
    }

    /** The overlay spelling ({@code selection_policy.mode}). */
    public String wire() {
        return wire;
    }

    /** The spelling in {@code intelligent_route.selection_mode} metadata. */
    public String metadataName() {
        return metadataName;
    }

    public static Optional<SelectionMode> fromWire(String text) {
        for (SelectionMode m : values()) {
            if (m.wire.equals(text)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
