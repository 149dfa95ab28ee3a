package io.jpraxis.testkit;

/**
 * Request headers that steer a {@link TestOrigin} per request, so one echo origin can play every
 * upstream a test needs, whatever path the gateway under test routes on.
 */
public final class OriginCommands {
    /** Answer with this status instead of 200 (the body is still the echo, or the {@link #EVENTS}). */
    public static final String STATUS = "x-origin-status";
    /** Stream this many pattern bytes ({@link TestData}) instead of the echo. */
    public static final String DOWNLOAD = "x-origin-download";
    /** With {@link #DOWNLOAD}: {@code chunked} (default) or {@code length} framing. */
    public static final String FRAMING = "x-origin-framing";
    /** Wait this many milliseconds before answering. */
    public static final String DELAY_MS = "x-origin-delay-ms";
    /** Fail instead of answering: a {@link TestOrigin.Failure} name, lower case ({@code close_without_response}). */
    public static final String FAIL = "x-origin-fail";
    /** {@code name: value} to add to the response; may repeat. */
    public static final String RESPOND_HEADER = "x-origin-respond-header";
    /**
     * Answer with this many server-sent events ({@code text/event-stream}, chunked): the first at
     * once, the rest only after {@link TestOrigin#releaseHeldEvents()}, so a test can show the
     * first event reached the client while the origin was still sending.
     */
    public static final String EVENTS = "x-origin-events";
    /** {@code true}: answer with {@code Connection: close} and close. */
    public static final String CLOSE = "x-origin-close";

    /** Response header naming the origin that answered. */
    public static final String ORIGIN_NAME = "x-origin-name";

    private OriginCommands() {
    }
}
