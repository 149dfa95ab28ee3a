package io.jpraxis.http.server.tls;

import io.netty.handler.ssl.SslHandshakeTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.security.cert.CertificateException;
import java.util.Locale;
import javax.net.ssl.SSLException;

/**
 * How a handshake ended, as the {@code outcome} label of the handshake counter (see
 * docs/behaviour/tls-connections.md#metrics).
 */
public enum HandshakeOutcome {
    /** Finished; requests may follow. */
    OK,
    /** The hello or the handshake did not finish within the handshake timeout. */
    TIMEOUT,
    /** No certificate serves the client's SNI and none is the default. */
    NO_CERTIFICATE,
    /** The client certificate was missing where required, or failed verification. */
    CLIENT_CERTIFICATE,
    /** No common version, suite or other protocol failure. */
    PROTOCOL,
    /** The client went away before the handshake finished. */
    CLOSED;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The failure class of {@code cause} (anything along its cause chain decides). */
    static HandshakeOutcome of(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof SslHandshakeTimeoutException) {
                return TIMEOUT;
            }
            if (t instanceof CertificateSelection.NoCertificateException) {
                return NO_CERTIFICATE;
            }
            if (t instanceof CertificateException || isClientCertificateMessage(t)) {
                return CLIENT_CERTIFICATE;
            }
            if (t instanceof ClosedChannelException) {
                return CLOSED;
            }
        }
        return cause instanceof SSLException || cause != null && cause.getCause() instanceof SSLException
                ? PROTOCOL : CLOSED;
    }

    /** A required certificate the client did not send: the engines say so only in words. */
    private static boolean isClientCertificateMessage(Throwable t) {
        String message = t.getMessage();
        if (message == null) {
            return false;
        }
        String lower = message.toLowerCase(Locale.ROOT);
        return lower.contains("peer_did_not_return_a_certificate") || lower.contains("empty client certificate chain")
                || lower.contains("certificate_required");
    }
}
