package io.jpraxis.ai.overlay;

import io.jpraxis.ai.candidate.RoutingSnapshot;
import java.util.List;
import java.util.Objects;

/** What parsing an overlay came to (see docs/behaviour/overlay.md#the-overlay-contract). */
public sealed interface OverlayVerdict {
    /** A valid envelope; {@code revision} is its 64-hex content-addressed revision. */
    record Accepted(RoutingSnapshot snapshot, String revision, List<String> warnings) implements OverlayVerdict {
        public Accepted {
            Objects.requireNonNull(snapshot, "snapshot");
            Objects.requireNonNull(revision, "revision");
            warnings = List.copyOf(warnings);
        }
    }

    /** A valid legacy flat payload: no scope, no revision. */
    record AcceptedLegacy(RoutingSnapshot snapshot, List<String> warnings) implements OverlayVerdict {
        public AcceptedLegacy {
            Objects.requireNonNull(snapshot, "snapshot");
            warnings = List.copyOf(warnings);
        }
    }

    /**
     * Refused, for the first reason found in the order (see docs/behaviour/overlay.md#check-order).
     */
    record Rejected(OverlayRejection reason, String message) implements OverlayVerdict {
        public Rejected {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(message, "message");
        }
    }
}
