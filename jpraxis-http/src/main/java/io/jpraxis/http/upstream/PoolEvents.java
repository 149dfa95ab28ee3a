package io.jpraxis.http.upstream;

/**
 * What the connection pool reports as it opens, reuses and loses connections. The pool owns this
 * contract so it records without knowing the edge's counters; {@code EdgeMetrics} implements it.
 */
public interface PoolEvents {
    /** A new upstream TCP connection was opened. */
    void upstreamConnect();

    /** An exchange was handed a pooled (reused) connection. */
    void upstreamReuse();

    /** A parked connection the origin closed: noticed while idle, so never handed out. */
    void pooledClosedByOrigin();

    /** An HTTP/2 connection got the origin's SETTINGS and takes streams. */
    default void h2ConnectionOpened() {
    }

    /** An HTTP/2 connection that took streams closed. */
    default void h2ConnectionClosed() {
    }

    /** A stream was opened on an HTTP/2 connection. */
    default void h2StreamOpened() {
    }

    /** A stream of an HTTP/2 connection closed. */
    default void h2StreamClosed() {
    }

    /** An origin sent GOAWAY on an HTTP/2 connection: it takes no new streams. */
    default void h2GoAwayReceived() {
    }
}
