package io.jpraxis.core.store;

/**
 * A store call that did not produce a reply: the store is unreachable, refused the call (AUTH),
 * answered too late, or answered something the caller cannot read. Callers fail closed (503)
 * unless their config says {@code on_backend_error: open}. The message is for logs only: it never
 * carries a password.
 */
public final class StoreException extends RuntimeException {
    /** What kind of failure it was, for metrics (bounded label values). */
    public enum Kind {
        UNAVAILABLE, TIMEOUT, AUTH, BAD_REPLY;

        /** The metric label. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final Kind kind;

    public StoreException(Kind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
