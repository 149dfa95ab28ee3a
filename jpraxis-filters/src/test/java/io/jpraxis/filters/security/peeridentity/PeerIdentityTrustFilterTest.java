package io.jpraxis.filters.security.peeridentity;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.DownstreamTls;
import io.jpraxis.core.context.PeerCertificate;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.filters.security.peeridentity.PeerIdentityTrustConfig.TrustedPeer;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class PeerIdentityTrustFilterTest {
    private static final String DIGEST_A = "a".repeat(64);
    private static final String DIGEST_B = "b".repeat(64);

    private static PeerCertificate cert(String digest, String organization, String serialHex) {
        return new PeerCertificate("CN=w,O=" + organization, organization, List.of(), List.of(), serialHex, digest);
    }

    private static FilterAction run(PeerIdentityTrustFilter filter, PeerCertificate peer, boolean tls) {
        RequestContext ctx = new RequestContext("main", "GET", RequestPath.of("/"), null, "https",
                new InetSocketAddress("127.0.0.1", 40000), new HeaderMap(), "req-1",
                Instant.parse("2025-01-01T00:00:00Z"));
        if (tls) {
            ctx.downstreamTls(new DownstreamTls("TLSv1.3", "TLS_AES_128_GCM_SHA256", null, "http/1.1", peer));
        }
        return filter.onRequest(ctx);
    }

    private static PeerIdentityTrustFilter trusting(TrustedPeer... peers) {
        return new PeerIdentityTrustFilter(new PeerIdentityTrustConfig(List.of(peers)));
    }

    private static void assertForbidden(FilterAction action, String why) {
        assertThat(action).as(why).isInstanceOfSatisfying(FilterAction.Reject.class,
                r -> assertThat(r.status()).isEqualTo(403));
    }

    @Test
    void aMatchingDigestPassesAndAnotherCertificateIs403() {
        PeerIdentityTrustFilter filter = trusting(new TrustedPeer(DIGEST_A, null, null));
        assertThat(run(filter, cert(DIGEST_A, "acme", "1f"), true)).isEqualTo(FilterAction.CONTINUE);
        assertForbidden(run(filter, cert(DIGEST_B, "acme", "1f"), true), "a different certificate");
    }

    @Test
    void noVerifiedCertificateOrNoTlsIs403() {
        PeerIdentityTrustFilter filter = trusting(new TrustedPeer(null, "acme", null));
        assertForbidden(run(filter, null, true), "TLS without a client certificate");
        assertForbidden(run(filter, null, false), "a cleartext listener");
    }

    @Test
    void everyFieldAnEntrySetsMustMatchButAnyEntryMaySucceed() {
        PeerIdentityTrustFilter filter = trusting(new TrustedPeer(null, "acme", "1f"),
                new TrustedPeer(DIGEST_B, "globex", null));
        assertThat(run(filter, cert(DIGEST_A, "acme", "1f"), true)).isEqualTo(FilterAction.CONTINUE);
        assertForbidden(run(filter, cert(DIGEST_A, "acme", "20"), true), "organisation right, serial wrong");
        assertForbidden(run(filter, cert(DIGEST_B, "acme", "20"), true), "digest of entry 2, organisation of entry 1");
        assertThat(run(filter, cert(DIGEST_B, "globex", "99"), true)).isEqualTo(FilterAction.CONTINUE);
    }

    @Test
    void organisationIsComparedExactly() {
        PeerIdentityTrustFilter filter = trusting(new TrustedPeer(null, "Acme", null));
        assertForbidden(run(filter, cert(DIGEST_A, "acme", "1"), true), "case matters");
        assertForbidden(run(filter, cert(DIGEST_A, null, "1"), true), "a subject without O=");
    }

    @Test
    void serialsCompareAfterNormalisation() {
        assertThat(SerialNumbers.normalise(" 00:0A:1b ")).isEqualTo("a1b");
        assertThat(SerialNumbers.normalise("00:00")).isEqualTo("0");
        assertThat(SerialNumbers.normalise("::")).isNull();
        assertThat(SerialNumbers.normalise("12g4")).isNull();
        PeerIdentityTrustFilter filter = trusting(new TrustedPeer(null, null, SerialNumbers.normalise("0A:1B")));
        assertThat(run(filter, cert(DIGEST_A, "x", "a1b"), true)).isEqualTo(FilterAction.CONTINUE);
        assertForbidden(run(filter, cert(DIGEST_A, "x", "a1c"), true), "another serial");
    }
}
