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
}
