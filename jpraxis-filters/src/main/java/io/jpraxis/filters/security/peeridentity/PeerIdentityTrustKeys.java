package io.jpraxis.filters.security.peeridentity;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of a {@code peer_identity_trust} entry and of its trusted peers. */
public final class PeerIdentityTrustKeys {
    private static final String AT_LEAST_ONE = "at least one of cert_digest, organization, serial_number";
    private static final KeyType VALUE = new KeyType.Text(1, PeerIdentityTrustConfig.MAX_VALUE_LENGTH);

    static final ObjectDescriptor PEER = ObjectDescriptor.of("One client certificate identity; every field "
            + "given must match.",
            key("cert_digest", KeyType.text(), "SHA-256 of the certificate's DER encoding.")
                    .withRule("64 lower-case hex digits; " + AT_LEAST_ONE),
            key("organization", VALUE, "The subject's organisation (O=), compared exactly.")
                    .withRule("not blank"),
            key("serial_number", VALUE, "The certificate serial in hex; colons, spaces, case and leading "
                    + "zeros do not matter.").withRule("hex digits, optionally colon-separated"));

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Admits only requests whose verified client "
            + "certificate matches a trusted peer (403 otherwise).",
            key("trusted_peers", KeyType.listOf(KeyType.object(PEER), 1, PeerIdentityTrustConfig.MAX_PEERS),
                    "The identities admitted.").asRequired());

    private PeerIdentityTrustKeys() {
    }
}
