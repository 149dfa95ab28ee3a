package io.jpraxis.ai.overlay;

import java.util.Optional;

/** The overlay could not be served at startup: unreadable, refused, or its watcher never became ready. */
public final class OverlayLoadException extends RuntimeException {
    private final OverlayRejection reason;

    OverlayLoadException(OverlayRejection reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    /** Why the file was refused; empty when the file was fine but watching it failed. */
    public Optional<OverlayRejection> reason() {
        return Optional.ofNullable(reason);
    }
}
