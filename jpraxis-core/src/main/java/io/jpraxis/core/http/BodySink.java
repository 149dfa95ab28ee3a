package io.jpraxis.core.http;

/**
 * Where a {@link BodyStream} delivers what one {@link BodyStream#pull} asked for: exactly one of
 * these calls answers each pull (see docs/behaviour/iterative-router.md#streamed-answers).
 */
public interface BodySink {

    /** The next piece of the body; the sink owns the array. */
    void piece(byte[] bytes);

    /** The body ended cleanly: nothing follows. */
    void end();

    /**
     * The body cannot be completed (the origin reset, a deadline, a cap): nothing follows, and what
     * was delivered is a truncated body. {@code detail} is for logs only, never sent.
     */
    void failed(String detail);
}
