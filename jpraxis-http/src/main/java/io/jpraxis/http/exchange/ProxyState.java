package io.jpraxis.http.exchange;

/**
 * Where a {@link ProxyExchange} is with its origin. All transitions go through
 * {@link #mayBecome}:
 * <pre>
 *   CONNECTING ──acquired──> SENDING ──origin's head──> RELAYING <──client drained── PAUSED
 *        ^                      │                          └──client behind──> PAUSED
 *        └──stale reused stream─┘
 *   every state ──> ENDED (the response completed, failed, was cut, or the client left)
 * </pre>
 * A connect retry stays in CONNECTING; a stale pooled connection found in SENDING goes back to it.
 */
enum ProxyState {
    /** No stream yet: the cluster slot is held and a connection is being acquired (or retried). */
    CONNECTING,
    /** A stream is bound; the request (head, then body) goes to it and no response head came yet. */
    SENDING,
    /** The origin's head went through the response phase; its body is relayed to the client. */
    RELAYING,
    /** Relaying waits for the client to read what it was sent (the send timeout runs). */
    PAUSED,
    /** Over: the slot, the in-flight count and the replay copy were given back. */
    ENDED;

    boolean mayBecome(ProxyState next) {
        return switch (this) {
            case CONNECTING -> next == SENDING || next == ENDED;
            case SENDING -> next == CONNECTING || next == RELAYING || next == ENDED;
            case RELAYING -> next == PAUSED || next == ENDED;
            case PAUSED -> next == RELAYING || next == PAUSED || next == ENDED; // one read may bring several pieces
            case ENDED -> false;
        };
    }
}
