package io.jpraxis.http.server.tls;

import io.jpraxis.config.model.ListenerTlsConfig;
import io.jpraxis.config.model.ListenerTlsConfig.ClientCertMode;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.cert.CRL;
import java.security.cert.CertPathBuilder;
import java.security.cert.CertStore;
import java.security.cert.CertificateException;
import java.security.cert.CollectionCertStoreParameters;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.PKIXRevocationChecker;
import java.security.cert.TrustAnchor;
import java.security.cert.X509CertSelector;
import java.security.cert.X509Certificate;
import java.util.EnumSet;
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
 * path validation to the {@code client_ca} bundle, revocation against its CRLs only (no network
 * look-ups; a certificate no CRL speaks for passes), then under {@code require_named} the
 * X.509-SVID rules and the {@code trusted_spiffe_ids} allowlist. A failure throws, which ends the
 * handshake before any request is read. Server certificates are never checked here.
 */
final class ClientCertTrust extends X509ExtendedTrustManager {
    private final X509ExtendedTrustManager pkix;
    private final boolean named;
    private final Set<String> trustedIds;

    private ClientCertTrust(X509ExtendedTrustManager pkix, boolean named, Set<String> trustedIds) {
        this.pkix = pkix;
        this.named = named;
        this.trustedIds = trustedIds;
    }

    /**
     * The trust manager for {@code tls}'s client certificate mode.
     *
     * @param cas the {@code client_ca} bundle's certificates
     * @param crls the CRLs of {@code client_ca.crl_paths}
     * @throws GeneralSecurityException when the JDK cannot build a PKIX validator from them
     */
    static ClientCertTrust of(ListenerTlsConfig tls, List<X509Certificate> cas, List<? extends CRL> crls)
            throws GeneralSecurityException {
        Set<TrustAnchor> anchors = new LinkedHashSet<>();
        cas.forEach(ca -> anchors.add(new TrustAnchor(ca, null)));
        PKIXBuilderParameters params = new PKIXBuilderParameters(anchors, new X509CertSelector());
        params.setRevocationEnabled(false);
        if (!crls.isEmpty()) {
            params.addCertStore(CertStore.getInstance("Collection", new CollectionCertStoreParameters(crls)));
            PKIXRevocationChecker revocation =
                    (PKIXRevocationChecker) CertPathBuilder.getInstance("PKIX").getRevocationChecker();
            // Only the configured CRLs decide: no OCSP, no fetching from distribution points, and a
            // certificate none of them covers is not refused for that.
            revocation.setOptions(EnumSet.of(PKIXRevocationChecker.Option.PREFER_CRLS,
                    PKIXRevocationChecker.Option.NO_FALLBACK, PKIXRevocationChecker.Option.SOFT_FAIL));
            params.addCertPathChecker(revocation);
        }
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
        return new ClientCertTrust(pkix, tls.clientCertMode() == ClientCertMode.REQUIRE_NAMED,
                Set.copyOf(tls.trustedSpiffeIds()));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        pkix.checkClientTrusted(chain, authType, engine);
        checkName(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        pkix.checkClientTrusted(chain, authType, socket);
        checkName(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        pkix.checkClientTrusted(chain, authType);
        checkName(chain);
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
