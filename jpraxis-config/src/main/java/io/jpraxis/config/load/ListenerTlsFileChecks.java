package io.jpraxis.config.load;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.load.ListenerTlsReader.CertificateEntry;
import io.jpraxis.config.load.ListenerTlsReader.ClientCaEntry;
import io.jpraxis.config.model.ListenerTlsConfig.Certificate;
import io.jpraxis.config.tls.Crls;
import io.jpraxis.config.tls.TlsFileException;
import io.jpraxis.config.tls.TlsFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Set;

/**
 * Opens every file a listener's {@code tls} names and checks it as the server will load it (see
 * docs/behaviour/listener-tls.md#what-validate-checks), so a bad certificate fails {@code validate}
 * in CI rather than the start. Each problem names the YAML path and the file; a certificate near
 * its end, a key others can read, or a CRL past its {@code nextUpdate}, is a warning.
 */
final class ListenerTlsFileChecks {
    /** How close to its expiry a certificate starts to warn. */
    static final Duration EXPIRY_WARNING = Duration.ofDays(14);
    private static final DateTimeFormatter DATE = DateTimeFormatter.ISO_LOCAL_DATE.withZone(ZoneOffset.UTC);

    private ListenerTlsFileChecks() {
    }

    static void check(List<CertificateEntry> certificates, ClientCaEntry clientCa, Diagnostics d) {
        Instant now = Instant.now();
        for (CertificateEntry entry : certificates) {
            checkCertificate(entry, d, now);
        }
        if (clientCa != null) {
            checkClientCa(clientCa, d, now);
        }
    }

    private static void checkCertificate(CertificateEntry entry, Diagnostics d, Instant now) {
        Certificate cert = entry.certificate();
        Path certPath = Path.of(cert.certPath());
        Path keyPath = Path.of(cert.keyPath());
        try {
            List<X509Certificate> chain = TlsFiles.certifiedKey(certPath, keyPath).chain();
            warnOnExpiry(chain, entry.path().key("cert_path"), entry.certLine(), certPath, d, now);
        } catch (TlsFileException e) {
            boolean aboutKey = keyPath.equals(e.path());
            d.error(entry.path().key(aboutKey ? "key_path" : "cert_path"), aboutKey ? entry.keyLine()
                    : entry.certLine(), e.getMessage());
            if (!aboutKey && e.problem() != TlsFileException.Problem.KEY_MISMATCH) {
                // The chain failed first; the key is still worth a look so both files are reported at once.
                checkKeyAlone(entry, keyPath, d);
            }
        }
        warnOnOpenKey(entry.path().key("key_path"), entry.keyLine(), keyPath, d);
    }

    private static void checkKeyAlone(CertificateEntry entry, Path keyPath, Diagnostics d) {
        try {
            TlsFiles.privateKey(keyPath);
        } catch (TlsFileException e) {
            d.error(entry.path().key("key_path"), entry.keyLine(), e.getMessage());
        }
    }

    private static void warnOnExpiry(List<X509Certificate> chain, ConfigPath path, int line, Path file,
            Diagnostics d, Instant now) {
        for (int i = 0; i < chain.size(); i++) {
            X509Certificate cert = chain.get(i);
            Instant notAfter = cert.getNotAfter().toInstant();
            String which = (i == 0 ? "the certificate " : "chain certificate " + (i + 1) + " ")
                    + cert.getSubjectX500Principal().getName() + " in " + file;
            if (notAfter.isBefore(now)) {
                d.warn(path, line, which + " has expired (on " + DATE.format(notAfter) + "); clients will refuse it");
            } else if (notAfter.isBefore(now.plus(EXPIRY_WARNING))) {
                long days = Duration.between(now, notAfter).toDays();
                d.warn(path, line, which + " expires in " + days + (days == 1 ? " day" : " days") + " (on "
                        + DATE.format(notAfter) + ")");
            }
        }
    }

    private static void warnOnOpenKey(ConfigPath path, int line, Path keyPath, Diagnostics d) {
        Set<PosixFilePermission> permissions;
        try {
            permissions = Files.getPosixFilePermissions(keyPath);
        } catch (IOException | UnsupportedOperationException e) {
            return; // unreadable is reported above; a file system without POSIX modes has nothing to warn about
        }
        if (permissions.contains(PosixFilePermission.GROUP_READ) || permissions.contains(PosixFilePermission.OTHERS_READ)) {
            d.warn(path, line, keyPath + " is readable by its group or by others (expected: mode 0600 or 0400; "
                    + "chmod go-rwx it)");
        }
    }

    private static void checkClientCa(ClientCaEntry clientCa, Diagnostics d, Instant now) {
        List<X509Certificate> cas = null;
        try {
            cas = TlsFiles.caBundle(Path.of(clientCa.clientCa().caPath()));
        } catch (TlsFileException e) {
            d.error(clientCa.path().key("ca_path"), clientCa.caLine(), e.getMessage());
        }
        List<String> crls = clientCa.clientCa().crlPaths();
        for (int i = 0; i < crls.size(); i++) {
            Path path = Path.of(crls.get(i));
            try {
                List<X509CRL> loaded = TlsFiles.crls(path);
                if (cas != null) {
                    Crls.checkSigned(path, loaded, cas);
                }
                for (X509CRL crl : loaded) {
                    int index = i;
                    Crls.staleness(path, crl, now).ifPresent(w -> d.warn(clientCa.crlKeys().get(index),
                            clientCa.crlLines().get(index), w));
                }
            } catch (TlsFileException e) {
                d.error(clientCa.crlKeys().get(i), clientCa.crlLines().get(i), e.getMessage());
            }
        }
    }
}
