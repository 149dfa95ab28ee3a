package io.jpraxis.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A certificate authority made for a test: CAs (RSA 2048 or EC P-256), intermediates, server and
 * client certificates with chosen names and validity, CRLs and mismatched keys, written as PEM
 * files into one directory. Config wants file paths, so everything hands back paths.
 *
 * <pre>{@code
 * TestPki pki = TestPki.create(tempDir);
 * TestPki.Authority ca = pki.rootCa("ca", TestPki.KeyType.EC);
 * TestPki.Issued server = ca.server("api").dns("localhost").ip("127.0.0.1").issue();
 * Path crl = ca.crl("revoked", client.serial());
 * }</pre>
 *
 * <p>Unlike {@link TestTls} (checked-in files that never change) these are generated per test, so
 * tests can ask for exactly the odd certificate they need: expired, about to expire, for a SPIFFE
 * ID, from an unrelated CA.
 */
public final class TestPki {
    /** The key algorithm of a generated key pair. */
    public enum KeyType { RSA, EC }

    /** How a private key file is written. */
    public enum KeyFormat {
        /** {@code BEGIN PRIVATE KEY}: works for every key type. */
        PKCS8,
        /** {@code BEGIN RSA PRIVATE KEY}: RSA keys only. */
        PKCS1_RSA,
        /** {@code BEGIN EC PRIVATE KEY}: EC keys only. */
        SEC1_EC,
        /** {@code BEGIN ENCRYPTED PRIVATE KEY} with the password {@link #KEY_PASSWORD}. */
        ENCRYPTED_PKCS8
    }

    /** The password of keys written as {@link KeyFormat#ENCRYPTED_PKCS8}. */
    public static final String KEY_PASSWORD = "changeit";

    /** A written certificate: its file (the leaf, then any intermediates up to the root) and key file. */
    public record Issued(Path certPath, Path keyPath, X509Certificate certificate, KeyPair keyPair) {
        /** The serial number, for a CRL that revokes it. */
        public BigInteger serial() {
            return certificate.getSerialNumber();
        }
    }

    private final Path dir;
    private final AtomicLong serials = new AtomicLong(1000);

    private TestPki(Path dir) {
        this.dir = dir;
    }

    /** A PKI writing its files into {@code dir} (usually a JUnit {@code @TempDir}). */
    public static TestPki create(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new TestPki(dir);
    }

    /** A PKI writing into a new temporary directory that is removed when the JVM exits. */
    public static TestPki create() {
        try {
            Path dir = Files.createTempDirectory("jpraxis-test-pki");
            dir.toFile().deleteOnExit();
            return new TestPki(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The directory every file is written to. */
    public Path dir() {
        return dir;
    }

    /** A self-signed root CA; its files are {@code name.pem} and {@code name.key}. */
    public Authority rootCa(String name, KeyType type) {
        KeyPair keys = PkiWriter.keyPair(type);
        X509Certificate cert = PkiWriter.caCertificate("CN=" + name, keys, PkiWriter.name("CN=" + name), keys, nextSerial());
        return new Authority(name, keys, cert, List.of(), write(name, List.of(cert), keys, KeyFormat.PKCS8));
    }

    /** A fresh key of {@code type} that matches no certificate here, for mismatch tests. */
    public Path unrelatedKey(String name, KeyType type, KeyFormat format) {
        Path path = dir.resolve(name + ".key");
        PkiWriter.writeKey(path, PkiWriter.keyPair(type), format);
        return path;
    }

    /** One file holding the certificates of all {@code files} in order: a CA bundle of several roots. */
    public Path bundle(String name, Path... files) {
        Path path = dir.resolve(name + ".pem");
        try {
            StringBuilder pem = new StringBuilder();
            for (Path file : files) {
                pem.append(Files.readString(file));
            }
            Files.writeString(path, pem);
            return path;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A file named {@code name} holding {@code text} as is: for malformed PEM and empty files. */
    public Path textFile(String name, String text) {
        Path path = dir.resolve(name);
        try {
            Files.writeString(path, text);
            return path;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    BigInteger nextSerial() {
        return BigInteger.valueOf(serials.incrementAndGet());
    }

    Issued write(String name, List<X509Certificate> chain, KeyPair keys, KeyFormat format) {
        Path certPath = dir.resolve(name + ".pem");
        Path keyPath = dir.resolve(name + ".key");
        PkiWriter.writeCertificates(certPath, chain);
        PkiWriter.writeKey(keyPath, keys, format);
        return new Issued(certPath, keyPath, chain.getFirst(), keys);
    }

    /** A CA of this PKI: issues intermediates, server and client certificates, and CRLs. */
    public final class Authority {
        private final String name;
        private final KeyPair keys;
        private final X509Certificate certificate;
        /** The intermediates between this CA and the root, nearest first (empty for a root). */
        private final List<X509Certificate> chainAbove;
        private final Issued files;

        Authority(String name, KeyPair keys, X509Certificate certificate, List<X509Certificate> chainAbove,
                Issued files) {
            this.name = name;
            this.keys = keys;
            this.certificate = certificate;
            this.chainAbove = List.copyOf(chainAbove);
            this.files = files;
        }

        /** The CA's certificate file (a trust anchor for a root; for an intermediate, itself only). */
        public Path certPath() {
            return files.certPath();
        }

        /** The CA's key file (PKCS#8). */
        public Path keyPath() {
            return files.keyPath();
        }

        public X509Certificate certificate() {
            return certificate;
        }

        /** An intermediate CA signed by this one; leaves it issues carry it in their certificate file. */
        public Authority intermediate(String childName, KeyType type) {
            KeyPair childKeys = PkiWriter.keyPair(type);
            X509Certificate child = PkiWriter.caCertificate("CN=" + childName, childKeys,
                    PkiWriter.nameOf(certificate), keys, nextSerial());
            return new Authority(childName, childKeys, child, chainForLeaves(),
                    write(childName, List.of(child), childKeys, KeyFormat.PKCS8));
        }

        /** A server certificate (extended key usage serverAuth) to describe and {@link TestPkiLeaf#issue()}. */
        public TestPkiLeaf server(String leafName) {
            return new TestPkiLeaf(TestPki.this, this, leafName, false);
        }

        /** A client certificate (extended key usage clientAuth) to describe and {@link TestPkiLeaf#issue()}. */
        public TestPkiLeaf client(String leafName) {
            return new TestPkiLeaf(TestPki.this, this, leafName, true);
        }

        /** A CRL this CA signed revoking {@code serials} (none: an empty CRL), valid for a week; {@code name.crl}. */
        public Path crl(String crlName, BigInteger... revoked) {
            Path path = dir.resolve(crlName + ".crl");
            Instant now = Instant.now();
            PkiWriter.writeCrl(path, certificate, keys, List.of(revoked), now.minus(Duration.ofHours(1)),
                    now.plus(Duration.ofDays(7)));
            return path;
        }

        /**
         * A CRL this CA signed revoking {@code serials}, issued at {@code thisUpdate} with
         * {@code nextUpdate} (null: none), to test a stale CRL; {@code name.crl}.
         */
        public Path crl(String crlName, Instant thisUpdate, Instant nextUpdate, BigInteger... revoked) {
            Path path = dir.resolve(crlName + ".crl");
            PkiWriter.writeCrl(path, certificate, keys, List.of(revoked), thisUpdate, nextUpdate);
            return path;
        }

        String name() {
            return name;
        }

        KeyPair keys() {
            return keys;
        }

        boolean isRoot() {
            return certificate.getSubjectX500Principal().equals(certificate.getIssuerX500Principal());
        }

        /** What a leaf's file carries after the leaf: this CA when it is an intermediate, and those above it. */
        List<X509Certificate> chainForLeaves() {
            if (isRoot()) {
                return List.of();
            }
            List<X509Certificate> chain = new ArrayList<>();
            chain.add(certificate);
            chain.addAll(chainAbove);
            return chain;
        }
    }
}
