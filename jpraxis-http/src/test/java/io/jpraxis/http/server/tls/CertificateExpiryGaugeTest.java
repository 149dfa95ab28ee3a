package io.jpraxis.http.server.tls;

import static io.jpraxis.http.server.tls.TlsClients.cert;
import static io.jpraxis.http.server.tls.TlsClients.tls;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.TestPki;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.cert.X509Certificate;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The expiry gauge reports every TLS listener, watched or not, at its soonest-expiring certificate. */
class CertificateExpiryGaugeTest {
    @TempDir
    Path dir;

    @Test
    void aMultiCertificateListenerReportsItsSoonestExpiryAndFollowsAReload() throws IOException {
        TestPki pki = TestPki.create(dir.resolve("pki"));
        TestPki.Authority ca = pki.rootCa("ca", TestPki.KeyType.EC);
        TestPki.Issued soon = ca.server("a").dns("a.example.com").expiresIn(Duration.ofDays(20)).issue();
        TestPki.Issued later = ca.server("b").dns("b.example.com").expiresIn(Duration.ofDays(300)).issue();
        TestPki.Issued renewed = ca.server("a2").dns("a.example.com").expiresIn(Duration.ofDays(400)).issue();
        Path certA = copy(soon.certPath(), dir.resolve("a.pem"));
        Path keyA = copy(soon.keyPath(), dir.resolve("a.key"));
        TestPki.Issued servedA = new TestPki.Issued(certA, keyA, soon.certificate(), soon.keyPair());
        SimpleMeterRegistry meters = new SimpleMeterRegistry();

        ListenerTls tls = ListenerTls.build("edge", tls(cert(servedA, true, "a.example.com"),
                cert(later, false, "b.example.com")), new TlsMetrics(meters));

        Gauge gauge = meters.find("jpraxis.tls.certificate_expiry").tag("listener", "edge").gauge();
        assertThat(gauge).as("registered for a listener hot reload does not watch (two certificates)").isNotNull();
        assertThat(gauge.value()).as("the sooner of the two").isEqualTo(epochSeconds(soon.certificate()));
        assertThat(tls.servedCertificates()).containsExactly(soon.certificate(), later.certificate());

        copy(renewed.certPath(), certA);
        copy(renewed.keyPath(), keyA);
        assertThat(tls.reload()).as("what the reload now serves, in config order")
                .containsExactly(renewed.certificate(), later.certificate());
        assertThat(gauge.value()).as("b is now the sooner").isEqualTo(epochSeconds(later.certificate()));
    }

    private static double epochSeconds(X509Certificate certificate) {
        return certificate.getNotAfter().toInstant().getEpochSecond();
    }

    private static Path copy(Path from, Path to) throws IOException {
        return Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
}
