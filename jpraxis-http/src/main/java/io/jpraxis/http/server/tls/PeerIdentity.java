package io.jpraxis.http.server.tls;

import io.jpraxis.core.context.DownstreamTls;
import io.jpraxis.core.context.PeerCertificate;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.Certificate;
import java.security.cert.CertificateEncodingException;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.HexFormat;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;
import javax.security.auth.x500.X500Principal;

/**
 * What a finished handshake tells filters (see
 * docs/behaviour/tls-connections.md#the-client-certificate): protocol, suite, SNI, ALPN and the
 * verified client certificate's identity.
 */
final class PeerIdentity {
    private static final int DNS_SAN = 2;

    private PeerIdentity() {
    }

    static DownstreamTls of(SSLSession session, String serverName, String alpn) {
        return new DownstreamTls(session.getProtocol(), session.getCipherSuite(), serverName,
                alpn == null || alpn.isEmpty() ? null : alpn, peer(session));
    }

    private static PeerCertificate peer(SSLSession session) {
        Certificate[] chain;
        try {
            chain = session.getPeerCertificates();
        } catch (SSLPeerUnverifiedException e) {
            return null; // no client certificate was asked for, or none was sent under "request"
        }
        return chain.length > 0 && chain[0] instanceof X509Certificate leaf ? certificate(leaf) : null;
    }

    static PeerCertificate certificate(X509Certificate leaf) {
        try {
            return new PeerCertificate(leaf.getSubjectX500Principal().getName(X500Principal.RFC2253),
                    organization(leaf.getSubjectX500Principal()), X509Svid.uriSans(leaf),
                    X509Svid.sans(leaf, DNS_SAN), leaf.getSerialNumber().toString(16),
                    HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(leaf.getEncoded())));
        } catch (CertificateParsingException | CertificateEncodingException e) {
            // The engine verified and parsed this certificate already, so this does not happen.
            throw new IllegalStateException("verified client certificate cannot be read", e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    /** The subject's first {@code O=} value in certificate order; null when it has none. */
    static String organization(X500Principal subject) {
        try {
            for (Rdn rdn : new LdapName(subject.getName(X500Principal.RFC2253)).getRdns()) {
                if (rdn.getType().equalsIgnoreCase("O")) {
                    return rdn.getValue().toString();
                }
            }
            return null;
        } catch (InvalidNameException e) {
            return null; // the JDK wrote this name, so it parses
        }
    }
}
