package io.jpraxis.http.exchange;

/**
 * Where an {@link Exchange} is in its life, as the client sees it. All transitions go through
 * {@link #mayBecome}:
 * <pre>
 *   ADMITTING ──buffering pipeline──> READING_BODY ──body read──> FILTERING
 *   ADMITTING ─────────────────────────────────────────────────> FILTERING
 *   FILTERING ──forward──> PROXYING ──response head sent──> RESPONDING
 *   FILTERING ──streamed local answer: head sent──> RESPONDING
 *   every state but ENDED ──> ENDED (a local answer, the last piece, a cut, or the client left)
 * </pre>
 * A whole local answer (a refusal, a filter's response, an error before any head) is written at once, so
 * it goes straight to ENDED. Facts that do not follow this life stay beside it in the exchange:
 * whether the client sent the whole request (a response may end before or after that), whether
 * the connection must close afterwards, and whether {@code 100 Continue} went out.
 */
enum ExchangeState {
    /** The head is being checked; no pipeline runs yet. */
    ADMITTING,
    /** A buffering pipeline reads the whole body before its request phase. */
    READING_BODY,
    /** The pipeline's request phase runs (it may be waiting for an asynchronous filter). */
    FILTERING,
    /** An upstream was chosen: a small body may be read whole, then the origin is reached; no response head went out. */
    PROXYING,
    /** The origin's (or a streamed local answer's) response head went to the client; its body streams. */
    RESPONDING,
    /** Over: nothing more is written, and whatever of the request body arrives is dropped. */
    ENDED;

    boolean mayBecome(ExchangeState next) {
        return switch (this) {
            case ADMITTING -> next == READING_BODY || next == FILTERING || next == ENDED;
            case READING_BODY -> next == FILTERING || next == ENDED;
            // A streamed local answer goes out as it comes (see docs/behaviour/iterative-router.md#streamed-answers).
            case FILTERING -> next == PROXYING || next == RESPONDING || next == ENDED;
            case PROXYING -> next == RESPONDING || next == ENDED;
            case RESPONDING -> next == ENDED;
            case ENDED -> false;
        };
    }
}
