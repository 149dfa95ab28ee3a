package io.jpraxis.ai.overlay;

/**
 * The first failure of an overlay check, thrown inside the parser only so that the fifteen ordered
 * steps (see docs/behaviour/overlay.md#check-order) read as straight-line code; {@link
 * OverlayParser} turns it into a {@link OverlayVerdict.Rejected} and it never escapes the package.
 */
final class OverlayProblem extends RuntimeException {
    private final OverlayRejection reason;

    OverlayProblem(OverlayRejection reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    OverlayRejection reason() {
        return reason;
    }
}
