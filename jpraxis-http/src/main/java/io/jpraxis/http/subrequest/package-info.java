/**
 * The HTTP edge's {@link io.jpraxis.core.subrequest.SubRequestClient}: buffered HTTP/1.1
 * sub-requests over the proxy's own upstream pool, one client per event loop.
 */
package io.jpraxis.http.subrequest;
