package io.jpraxis.http.server.tls;

import io.jpraxis.config.model.ListenerTlsConfig;
import io.jpraxis.config.model.ListenerTlsConfig.ClientCertMode;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateException;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509CRL;
import java.security.cert.X509CertSelector;
import java.security.cert.X509Certificate;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.net.ssl.CertPathTrustManagerParameters;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Verifies client certificates (see docs/behaviour/tls-connections.md#client-certificates): PKIX
 * path validation to the {@code client_ca} bundle, then revocation against its CRLs only (no network
 * look-ups; a listed certificate is refused even when the CRL is stale; a certificate no CRL speaks
 * for passes), then under {@code require_named} the
 * X.509-SVID rules and the {@code trusted_spiffe_ids} allowlist. A failure throws, which ends the
 * handshake before any request is read. Server certificates are never checked here.
 */
final class ClientCertTrust extends X509ExtendedTrustManager {
    private final X509ExtendedTrustManager pkix;
    private final List<X509CRL> crls;
    private final boolean named;
    private final Set<String> trustedIds;

    private ClientCertTrust(X509ExtendedTrustManager pkix, List<X509CRL> crls, boolean named, Set<String> trustedIds) {
        this.pkix = pkix;
        this.crls = List.copyOf(crls);
        this.named = named;
        this.trustedIds = trustedIds;
    }

    /**
     * The trust manager for {@code tls}'s client certificate mode.
     *
     * @param cas the {@code client_ca} bundle's certificates
     * @param crls the CRLs of {@code client_ca.crl_paths}, their signatures already checked against {@code cas}
     * @throws GeneralSecurityException when the JDK cannot build a PKIX validator from them
     */
    static ClientCertTrust of(ListenerTlsConfig tls, List<X509Certificate> cas, List<X509CRL> crls)
            throws GeneralSecurityException {
        Set<TrustAnchor> anchors = new LinkedHashSet<>();
        cas.forEach(ca -> anchors.add(new TrustAnchor(ca, null)));
        PKIXBuilderParameters params = new PKIXBuilderParameters(anchors, new X509CertSelector());
        // Revocation is checked below, not by the JDK: its checker skips a CRL past its nextUpdate, and with
        // soft-fail it would then let a revoked certificate through.
        params.setRevocationEnabled(false);
        TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX");
        factory.init(new CertPathTrustManagerParameters(params));
        X509ExtendedTrustManager pkix = null;
        for (TrustManager tm : factory.getTrustManagers()) {
            if (tm instanceof X509ExtendedTrustManager x509) {
                pkix = x509;
            }
        }
        if (pkix == null) {
            throw new GeneralSecurityException("the JDK offers no X.509 trust manager");
        }
        return new ClientCertTrust(pkix, crls, tls.clientCertMode() == ClientCertMode.REQUIRE_NAMED,
                Set.copyOf(tls.trustedSpiffeIds()));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        pkix.checkClientTrusted(chain, authType, engine);
        checkRevocation(chain);
        checkName(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        pkix.checkClientTrusted(chain, authType, socket);
        checkRevocation(chain);
        checkName(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        pkix.checkClientTrusted(chain, authType);
        checkRevocation(chain);
        checkName(chain);
    }

    /**
     * Refuses a certificate of the chain that a CRL of its issuer lists, whatever the CRL's dates: a stale CRL
     * still knows who was revoked. A certificate no CRL speaks for passes.
     */
    private void checkRevocation(X509Certificate[] chain) throws CertificateException {
        for (X509Certificate cert : chain) {
            for (X509CRL crl : crls) {
                if (crl.getIssuerX500Principal().equals(cert.getIssuerX500Principal()) && crl.isRevoked(cert)) {
                    throw new CertificateException("client certificate " + cert.getSubjectX500Principal().getName()
                            + " (serial " + cert.getSerialNumber().toString(16) + ") is revoked by a client_ca CRL");
                }
            }
        }
    }

    private void checkName(X509Certificate[] chain) throws CertificateException {
        if (!named) {
            return;
        }
        String id = X509Svid.spiffeId(chain[0]);
        if (!trustedIds.isEmpty() && !trustedIds.contains(id)) {
            throw new CertificateException("client certificate SPIFFE ID " + id
                    + " is not one of trusted_spiffe_ids");
        }
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return pkix.getAcceptedIssuers();
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        throw new CertificateException("a listener verifies client certificates only");
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        throw new CertificateException("a listener verifies client certificates only");
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        throw new CertificateException("a listener verifies client certificates only");
    }
}
