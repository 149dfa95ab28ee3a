package io.jpraxis.core.context;

import java.util.List;

/**
 * The verified client certificate's identity, as filters such as {@code peer_identity_trust} and
 * {@code provider_route} compare it (see docs/behaviour/tls-connections.md#the-client-certificate).
 *
 * @param subject the subject distinguished name, RFC 2253 form
 * @param organization the subject's first {@code O=} value; null when it has none
 * @param uriSans the URI subject alternative names (a SPIFFE ID is one), in certificate order
 * @param dnsSans the DNS subject alternative names, in certificate order
 * @param serialNumberHex the serial number in lower-case hex without leading zeros
 * @param sha256Hex the SHA-256 digest of the leaf's DER encoding, 64 lower-case hex digits
 */
public record PeerCertificate(String subject, String organization, List<String> uriSans, List<String> dnsSans,
        String serialNumberHex, String sha256Hex) {

    public PeerCertificate {
        uriSans = List.copyOf(uriSans);
        dnsSans = List.copyOf(dnsSans);
    }
}
