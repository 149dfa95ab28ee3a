package io.jpraxis.http.server.tls;

import io.netty.handler.ssl.SslContext;
import java.security.cert.X509Certificate;
import java.time.Instant;
import io.netty.util.Mapping;
import java.util.Locale;
import java.util.List;
import java.util.Map;

/**
 * Picks the server context for a client's SNI (see
 * docs/behaviour/tls-connections.md#certificate-selection). One certificate is served whatever the
 * SNI. With several: the lower-cased name's exact entry, else the wildcard entry for the part after
 * its first label ({@code *.example.com} covers {@code a.example.com}, not {@code a.b.example.com}
 * nor {@code example.com}), else the default; with no default the handshake fails.
 *
 * @param single the only context, or null when there are several
 * @param exact contexts by lower-cased exact server name
 * @param wildcards contexts by the suffix after {@code *.}, lower-cased
 * @param fallback the default certificate's context; null when none is marked default
 * @param leaves the leaf certificate of each configured certificate, in config order (for the
 *     expiry gauge and the reload log)
 */
record CertificateSelection(SslContext single, Map<String, SslContext> exact, Map<String, SslContext> wildcards,
        SslContext fallback, List<X509Certificate> leaves) implements Mapping<String, SslContext> {

    CertificateSelection {
        exact = Map.copyOf(exact);
        wildcards = Map.copyOf(wildcards);
        leaves = List.copyOf(leaves);
    }

    static CertificateSelection of(SslContext only, X509Certificate leaf) {
        return new CertificateSelection(only, Map.of(), Map.of(), null, List.of(leaf));
    }

    /** The soonest {@code notAfter} among the served certificates. */
    Instant earliestExpiry() {
        return leaves.stream().map(c -> c.getNotAfter().toInstant()).min(Instant::compareTo).orElseThrow();
    }

    /**
     * The context for {@code serverName} (null: the client sent none).
     *
     * @throws NoCertificateException when nothing matches and there is no default
     */
    @Override
    public SslContext map(String serverName) {
        if (single != null) {
            return single;
        }
        SslContext chosen = serverName == null ? null : lookup(serverName.toLowerCase(Locale.ROOT));
        if (chosen == null) {
            chosen = fallback;
        }
        if (chosen == null) {
            throw new NoCertificateException(serverName);
        }
        return chosen;
    }

    private SslContext lookup(String name) {
        SslContext hit = exact.get(name);
        if (hit != null) {
            return hit;
        }
        int dot = name.indexOf('.');
        return dot > 0 ? wildcards.get(name.substring(dot + 1)) : null;
    }

    /** No certificate serves the client's SNI and none is the default: the handshake fails. */
    static final class NoCertificateException extends RuntimeException {
        NoCertificateException(String serverName) {
            super(serverName == null ? "client sent no SNI and no certificate is the default"
                    : "no certificate serves SNI " + serverName + " and none is the default", null, false, false);
        }
    }
}
