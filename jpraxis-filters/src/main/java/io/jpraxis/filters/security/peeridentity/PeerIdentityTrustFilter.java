package io.jpraxis.filters.security.peeridentity;

import io.jpraxis.core.context.DownstreamTls;
import io.jpraxis.core.context.PeerCertificate;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;

/**
 * Admits a request only when the client certificate its listener verified matches one trusted
 * peer in every field that peer sets; a request without one (cleartext listener, or
 * {@code client_cert_mode} none or request without a certificate) is 403 as well.
 */
public final class PeerIdentityTrustFilter implements HttpFilter {
    private final PeerIdentityTrustConfig config;

    public PeerIdentityTrustFilter(PeerIdentityTrustConfig config) {
        this.config = config;
    }

    @Override
    public String type() {
        return PeerIdentityTrustFactory.TYPE;
    }

    @Override
    public PeerIdentityTrustConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        DownstreamTls tls = ctx.downstreamTls();
        PeerCertificate peer = tls == null ? null : tls.peerCertificate();
        if (peer == null) {
            return FilterAction.reject(403, "peer_identity_trust: no verified client certificate");
        }
        return trusts(peer) ? FilterAction.CONTINUE
                : FilterAction.reject(403, "peer_identity_trust: client certificate not trusted");
    }

    /** Whether some trusted peer matches {@code peer} in every field it sets. */
    public boolean trusts(PeerCertificate peer) {
        String serial = peer.serialNumberHex() == null ? null : SerialNumbers.normalise(peer.serialNumberHex());
        for (PeerIdentityTrustConfig.TrustedPeer trusted : config.trustedPeers()) {
            if (matches(trusted.certDigest(), peer.sha256Hex()) && matches(trusted.organization(), peer.organization())
                    && matches(trusted.serialNumber(), serial)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(String wanted, String actual) {
        return wanted == null || wanted.equals(actual);
    }
}
