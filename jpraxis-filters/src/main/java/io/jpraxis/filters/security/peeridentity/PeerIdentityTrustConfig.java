package io.jpraxis.filters.security.peeridentity;

import java.util.List;

/**
 * The {@code peer_identity_trust} filter's config (docs/reference/filters/peer_identity_trust.md):
 * the client certificates a request may arrive with.
 */
public record PeerIdentityTrustConfig(List<TrustedPeer> trustedPeers) {
    static final int MAX_PEERS = 256;
    static final int MAX_VALUE_LENGTH = 256;

    public PeerIdentityTrustConfig {
        trustedPeers = List.copyOf(trustedPeers);
        if (trustedPeers.isEmpty() || trustedPeers.size() > MAX_PEERS) {
            throw new IllegalArgumentException("1.." + MAX_PEERS + " trusted peers, got " + trustedPeers.size());
        }
    }

    /**
     * One trusted identity: every field set must match. The serial is kept normalised (see
     * {@link SerialNumbers}); null fields are not compared.
     *
     * @param certDigest SHA-256 of the certificate's DER encoding, 64 lower-case hex digits
     * @param organization the subject's organisation ({@code O=}), compared exactly
     * @param serialNumber the certificate serial, hex, normalised
     */
    public record TrustedPeer(String certDigest, String organization, String serialNumber) {
        public TrustedPeer {
            if (certDigest == null && organization == null && serialNumber == null) {
                throw new IllegalArgumentException("a trusted peer needs at least one field");
            }
        }
    }
}
