/**
 * Listener TLS termination (see docs/behaviour/tls-connections.md): the server contexts a
 * listener's {@code tls} block builds, the engine choice (BoringSSL or the JDK), SNI selection of
 * the certificate, client certificate verification (CRLs, X.509-SVIDs), the identity a handshake
 * hands to filters and the handshake metrics. Entry point: {@link io.jpraxis.http.server.tls.ListenerTls}.
 */
package io.jpraxis.http.server.tls;
