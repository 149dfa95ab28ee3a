package io.jpraxis.config.tls;

import io.jpraxis.config.tls.TlsFileException.Problem;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;

/**
 * Checks a listener's CRLs against its {@code client_ca} bundle (see
 * docs/behaviour/tls-connections.md#client-certificates). A CRL no {@code client_ca} certificate
 * signed cannot be trusted to speak for anyone, so it is refused; a CRL past its {@code nextUpdate}
 * (or without one) is stale but still lists certificates that were revoked, so it stays in use and
 * only warns.
 */
public final class Crls {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ISO_LOCAL_DATE.withZone(ZoneOffset.UTC);

    private Crls() {
    }

    /**
     * Throws {@link Problem#BAD_CRL} naming {@code path} unless every CRL of it verifies against a
     * certificate of {@code cas} whose subject is the CRL's issuer.
     */
    public static void checkSigned(Path path, List<X509CRL> crls, List<X509Certificate> cas) throws TlsFileException {
        for (X509CRL crl : crls) {
            if (!signedByOneOf(crl, cas)) {
                throw new TlsFileException(path, Problem.BAD_CRL, "the CRL of " + crl.getIssuerX500Principal().getName()
                        + " is not signed by any client_ca certificate (expected: a CRL issued by a CA of "
                        + "client_ca.ca_path)");
            }
        }
    }

    /** A warning naming {@code path} when {@code crl} is past its {@code nextUpdate} at {@code now} or has none. */
    public static Optional<String> staleness(Path path, X509CRL crl, Instant now) {
        String which = "the CRL of " + crl.getIssuerX500Principal().getName() + " in " + path;
        if (crl.getNextUpdate() == null) {
            return Optional.of(which + " has no nextUpdate; it is used as it is, so refresh it as its CA publishes");
        }
        Instant next = crl.getNextUpdate().toInstant();
        if (next.isBefore(now)) {
            return Optional.of(which + " is past its nextUpdate (" + DATE.format(next) + "); the certificates it "
                    + "lists are still refused, but newer revocations are missing: refresh it");
        }
        return Optional.empty();
    }

    private static boolean signedByOneOf(X509CRL crl, List<X509Certificate> cas) {
        for (X509Certificate ca : cas) {
            if (!ca.getSubjectX500Principal().equals(crl.getIssuerX500Principal())) {
                continue;
            }
            try {
                crl.verify(ca.getPublicKey());
                return true;
            } catch (GeneralSecurityException e) {
                // Another certificate with the same subject (a rolled-over key) may still have signed it.
            }
        }
        return false;
    }
}
