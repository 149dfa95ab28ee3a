package io.jpraxis.http.server.tls;

import io.jpraxis.config.model.ListenerTlsConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The files a listener's TLS material is read from, whose directories the certificate watcher
 * watches (see docs/behaviour/certificate-reload.md#what-is-watched): the certificate chain, its
 * key and, with client certificates, the CA bundle and every CRL.
 *
 * @param certificate the served chain
 * @param files every file the material is read from, the certificate first, in config order
 */
public record WatchedTlsFiles(Path certificate, List<Path> files) {
    public WatchedTlsFiles {
        files = List.copyOf(files);
    }

    /**
     * The files of {@code tls} when it reloads: {@code hot_reload} on (the default with one
     * certificate) and exactly one certificate, since the SNI choice among several is fixed at start.
     */
    public static Optional<WatchedTlsFiles> of(ListenerTlsConfig tls) {
        if (!tls.reloads() || tls.certificates().size() != 1) {
            return Optional.empty();
        }
        ListenerTlsConfig.Certificate served = tls.certificates().getFirst();
        List<Path> files = new ArrayList<>();
        files.add(absolute(served.certPath()));
        files.add(absolute(served.keyPath()));
        if (tls.clientCa() != null) {
            files.add(absolute(tls.clientCa().caPath()));
            tls.clientCa().crlPaths().forEach(crl -> files.add(absolute(crl)));
        }
        return Optional.of(new WatchedTlsFiles(files.getFirst(), files));
    }

    /**
     * The parent directories, each once. Not resolved through links: a Kubernetes volume's
     * {@code tls.crt -> ..data/tls.crt} must be watched where the {@code ..data} link is swapped.
     */
    public Set<Path> directories() {
        Set<Path> out = new LinkedHashSet<>();
        files.forEach(f -> out.add(f.getParent()));
        return out;
    }

    /**
     * A digest of every file's name and bytes (read through links), or empty when one cannot be
     * read: the watcher skips a reload whose files are exactly those last loaded.
     */
    Optional<String> fingerprint() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Path file : files) {
                byte[] name = file.toString().getBytes(StandardCharsets.UTF_8);
                byte[] bytes = Files.readAllBytes(file);
                sha.update(lengthOf(name.length));
                sha.update(name);
                sha.update(lengthOf(bytes.length));
                sha.update(bytes);
            }
            return Optional.of(HexFormat.of().formatHex(sha.digest()));
        } catch (IOException e) {
            return Optional.empty(); // the reload itself reports which file and why
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from the JDK", e);
        }
    }

    private static byte[] lengthOf(int length) {
        return new byte[] {(byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length};
    }

    private static Path absolute(String path) {
        return Path.of(path).toAbsolutePath().normalize();
    }
}
