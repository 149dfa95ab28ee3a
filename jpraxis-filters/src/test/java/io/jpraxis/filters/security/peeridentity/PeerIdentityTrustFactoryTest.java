package io.jpraxis.filters.security.peeridentity;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.filters.testing.FilterFixtures;
import org.junit.jupiter.api.Test;

class PeerIdentityTrustFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";
    private static final String DIGEST = "2bc87de3d4119d58cb961827441 02de8dc2f9d56d864b66dfcdd9d97a8a5ce51".replace(" ", "");

    @Test
    void aDigestPeerIsAcceptedAsASecurityFilterWithoutWarning() {
        FilterFixtures.Built built = build(new PeerIdentityTrustFactory(), "trusted_peers:\n  - cert_digest: " + DIGEST
                + "\n");
        assertThat(built.declared().traits()).contains(FilterTrait.SECURITY);
        assertThat(built.warnings()).as("a pinned digest is the strong form").isEmpty();
        assertThat(((PeerIdentityTrustFilter) built.accepted()).config().trustedPeers().getFirst().certDigest())
                .isEqualTo(DIGEST);
    }

    @Test
    void aPeerWithoutDigestIsAcceptedWithAWarningAndItsSerialNormalised() {
        FilterFixtures.Built built = build(new PeerIdentityTrustFactory(),
                "trusted_peers:\n  - organization: jpraxis demo\n    serial_number: \"00:5E:1E\"\n");
        assertThat(((PeerIdentityTrustFilter) built.accepted()).config().trustedPeers().getFirst().serialNumber())
                .isEqualTo("5e1e");
        assertThat(built.warnings()).singleElement().asString().contains(AT + "trusted_peers[0]")
                .contains("set cert_digest");
    }

    @Test
    void trustedPeersIsRequiredAndNotEmpty() {
        assertThat(build(new PeerIdentityTrustFactory(), "{}\n").refused()).singleElement().asString()
                .contains(AT + "trusted_peers");
        assertThat(build(new PeerIdentityTrustFactory(), "trusted_peers: []\n").refused()).isNotEmpty()
                .allSatisfy(m -> assertThat(m).contains(AT + "trusted_peers"));
    }

    @Test
    void anEntryWithNoIdentityFieldIsRefused() {
        assertThat(build(new PeerIdentityTrustFactory(), "trusted_peers:\n  - {}\n").refused())
                .singleElement().asString().contains(AT + "trusted_peers[0]").contains("at least one of cert_digest");
    }

    @Test
    void eachBadFieldIsNamedAndAllAreReported() {
        assertThat(build(new PeerIdentityTrustFactory(), "trusted_peers:\n"
                + "  - cert_digest: " + DIGEST.toUpperCase() + "\n"
                + "  - organization: \"   \"\n"
                + "  - serial_number: \"12:zz\"\n"
                + "  - cert_digest: abc\n").refused())
                .anySatisfy(m -> assertThat(m).contains(AT + "trusted_peers[0].cert_digest").contains("lower-case"))
                .anySatisfy(m -> assertThat(m).contains(AT + "trusted_peers[1].organization").contains("not blank"))
                .anySatisfy(m -> assertThat(m).contains(AT + "trusted_peers[2].serial_number").contains("hex"))
                .anySatisfy(m -> assertThat(m).contains(AT + "trusted_peers[3].cert_digest"));
    }

    @Test
    void unknownKeysAreRefusedAtBothLevels() {
        assertThat(build(new PeerIdentityTrustFactory(), "trusted_peers:\n  - spiffe_id: spiffe://x/y\n"
                + "    cert_digest: " + DIGEST + "\ntrust: []\n").refused())
                .anySatisfy(m -> assertThat(m).contains(AT + "trusted_peers[0].spiffe_id: unknown key"))
                .anySatisfy(m -> assertThat(m).contains(AT + "trust: unknown key"));
    }
}
