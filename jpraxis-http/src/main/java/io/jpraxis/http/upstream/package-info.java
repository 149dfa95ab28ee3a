/**
 * Connections to origins: the protocol-neutral {@link io.jpraxis.http.upstream.UpstreamConnector}
 * contract and its HTTP/1.1 keep-alive pool, kept per event loop, over plaintext or TLS.
 */
package io.jpraxis.http.upstream;
