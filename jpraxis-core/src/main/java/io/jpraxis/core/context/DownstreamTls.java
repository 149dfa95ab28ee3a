package io.jpraxis.core.context;

/**
 * What the client's TLS handshake settled (see docs/behaviour/tls-connections.md): known to every
 * filter of a request that arrived on a TLS listener, null on a cleartext one.
 *
 * @param protocol {@code TLSv1.2} or {@code TLSv1.3}
 * @param cipherSuite the negotiated suite's IANA name
 * @param serverName the SNI the client sent, lower-cased; null when it sent none
 * @param applicationProtocol the ALPN choice ({@code h2}, {@code http/1.1}); null when the client offered none
 * @param peerCertificate the client certificate the listener verified; null when none was presented
 */
public record DownstreamTls(String protocol, String cipherSuite, String serverName, String applicationProtocol,
        PeerCertificate peerCertificate) {
}
