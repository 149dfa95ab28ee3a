package io.jpraxis.ai.candidate;

import java.util.Optional;

/**
 * Whether a candidate takes new requests, only bound sessions, or nothing (see
 * docs/behaviour/intelligent-route.md#placement-in-the-pipeline,
 * docs/behaviour/intelligent-route.md#session-affinity).
 */
public enum AdmissionState {
    NEW_AND_EXISTING("new_and_existing"),
    EXISTING_ONLY("existing_only"),
    /** Excluded: never selected, not even for a bound session. */
    NONE("none");

    private final String wire;

    AdmissionState(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static Optional<AdmissionState> fromWire(String text) {
        for (AdmissionState a : values()) {
            if (a.wire.equals(text)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }
}
