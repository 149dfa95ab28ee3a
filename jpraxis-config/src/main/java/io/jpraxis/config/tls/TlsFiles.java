package io.jpraxis.config.tls;

import io.jpraxis.config.tls.TlsFileException.Problem;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.edec.EdECObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;
import org.bouncycastle.cert.X509CRLHolder;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.openssl.PEMEncryptedKeyPair;
import org.bouncycastle.openssl.PEMException;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.pkcs.PKCS8EncryptedPrivateKeyInfo;

/**
 * Loads the PEM files of a TLS block and checks them, each failure a {@link TlsFileException} naming
 * the file: certificate chains (leaf first), one unencrypted private key (PKCS#8, PKCS#1 RSA or
 * SEC1 EC), CA bundles and CRLs. Parsing is Bouncy Castle's PEM reader; keys and certificates are
 * the JDK's own types, so no security provider is installed.
 */
public final class TlsFiles {
    /** Key algorithms a TLS server can use, by their PKCS#8 algorithm identifier. */
    private static final Set<ASN1ObjectIdentifier> SERVER_KEY_ALGORITHMS = Set.of(
            PKCSObjectIdentifiers.rsaEncryption, X9ObjectIdentifiers.id_ecPublicKey, EdECObjectIdentifiers.id_Ed25519);

    /** A certificate chain and the key that matches its leaf. */
    public record CertifiedKey(List<X509Certificate> chain, PrivateKey key) {
        public CertifiedKey {
            chain = List.copyOf(chain);
        }
    }

    private TlsFiles() {
    }

    /** The certificates of {@code path} in file order (leaf first); at least one. */
    public static List<X509Certificate> certificateChain(Path path) throws TlsFileException {
        List<X509Certificate> chain = certificates(path);
        if (chain.isEmpty()) {
            throw new TlsFileException(path, Problem.NO_CERTIFICATE,
                    "no certificate in the PEM file (expected a BEGIN CERTIFICATE block)" + derHint(path));
        }
        return chain;
    }

    /** The trust anchors of a CA bundle; at least one. */
    public static List<X509Certificate> caBundle(Path path) throws TlsFileException {
        List<X509Certificate> anchors = certificates(path);
        if (anchors.isEmpty()) {
            throw new TlsFileException(path, Problem.NO_CERTIFICATE,
                    "the CA bundle holds no certificate (expected one or more BEGIN CERTIFICATE blocks)"
                            + derHint(path));
        }
        return anchors;
    }

    /** The one private key of {@code path}: unencrypted, RSA, EC or Ed25519. */
    public static PrivateKey privateKey(Path path) throws TlsFileException {
        List<PrivateKeyInfo> keys = new ArrayList<>();
        for (Object object : PemObjects.read(path)) {
            switch (object) {
                case PrivateKeyInfo info -> keys.add(info);
                case PEMKeyPair pair -> keys.add(pair.getPrivateKeyInfo());
                case PKCS8EncryptedPrivateKeyInfo ignored -> throw encrypted(path);
                case PEMEncryptedKeyPair ignored -> throw encrypted(path);
                default -> {
                    // Certificates or EC PARAMETERS beside the key are allowed and skipped.
                }
            }
        }
        if (keys.isEmpty()) {
            throw new TlsFileException(path, Problem.NO_PRIVATE_KEY, "no private key in the PEM file (expected a "
                    + "BEGIN PRIVATE KEY, BEGIN RSA PRIVATE KEY or BEGIN EC PRIVATE KEY block)" + derHint(path));
        }
        if (keys.size() > 1) {
            throw new TlsFileException(path, Problem.SEVERAL_PRIVATE_KEYS,
                    keys.size() + " private keys in the file (expected: exactly one)");
        }
        PrivateKeyInfo info = keys.getFirst();
        ASN1ObjectIdentifier algorithm = info.getPrivateKeyAlgorithm().getAlgorithm();
        if (!SERVER_KEY_ALGORITHMS.contains(algorithm)) {
            throw new TlsFileException(path, Problem.UNSUPPORTED_KEY_TYPE,
                    "unsupported key type " + algorithm.getId() + " (expected: an RSA, EC or Ed25519 key)");
        }
        try {
            return new JcaPEMKeyConverter().getPrivateKey(info);
        } catch (PEMException e) {
            throw new TlsFileException(path, Problem.MALFORMED_PEM, "the private key does not parse: " + e.getMessage(),
                    e);
        }
    }

    /** The CRLs of {@code path}; at least one. */
    public static List<X509CRL> crls(Path path) throws TlsFileException {
        List<X509CRL> crls = new ArrayList<>();
        for (Object object : PemObjects.read(path)) {
            if (object instanceof X509CRLHolder holder) {
                try {
                    crls.add((X509CRL) CertificateFactory.getInstance("X.509")
                            .generateCRL(new ByteArrayInputStream(holder.getEncoded())));
                } catch (GeneralSecurityException | IOException e) {
                    throw new TlsFileException(path, Problem.BAD_CRL, "a CRL does not parse: " + e.getMessage(), e);
                }
            }
        }
        if (crls.isEmpty()) {
            throw new TlsFileException(path, Problem.NO_CRL,
                    "no CRL in the PEM file (expected a BEGIN X509 CRL block)" + derHint(path));
        }
        return crls;
    }

    /** Throws {@link Problem#KEY_MISMATCH} unless {@code key} is the private half of {@code leaf}'s public key. */
    public static void checkKeyMatches(X509Certificate leaf, PrivateKey key) throws TlsFileException {
        if (!matches(leaf, key)) {
            throw new TlsFileException(null, Problem.KEY_MISMATCH, "the private key does not match the certificate "
                    + leaf.getSubjectX500Principal().getName());
        }
    }

    /** As {@link #checkKeyMatches(X509Certificate, PrivateKey)}, the message naming both files. */
    public static void checkKeyMatches(Path certPath, X509Certificate leaf, Path keyPath, PrivateKey key)
            throws TlsFileException {
        if (!matches(leaf, key)) {
            throw new TlsFileException(keyPath, Problem.KEY_MISMATCH, "the private key does not match the "
                    + "certificate in " + certPath + " (" + leaf.getSubjectX500Principal().getName() + ")");
        }
    }

    /** The chain of {@code certPath} and the key of {@code keyPath}, checked to belong together. */
    public static CertifiedKey certifiedKey(Path certPath, Path keyPath) throws TlsFileException {
        List<X509Certificate> chain = certificateChain(certPath);
        PrivateKey key = privateKey(keyPath);
        checkKeyMatches(certPath, chain.getFirst(), keyPath, key);
        return new CertifiedKey(chain, key);
    }

    /** A signature made with {@code key} verifies with the certificate's public key: works for every key type. */
    private static boolean matches(X509Certificate leaf, PrivateKey key) {
        if (!leaf.getPublicKey().getAlgorithm().equals(key.getAlgorithm())) {
            return false;
        }
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            default -> key.getAlgorithm();
        };
        try {
            byte[] challenge = new byte[32];
            new SecureRandom().nextBytes(challenge);
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(challenge);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(leaf.getPublicKey());
            verifier.update(challenge);
            return verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            // A key the JDK cannot sign with, or of another curve: it is not this certificate's key.
            return false;
        }
    }

    private static List<X509Certificate> certificates(Path path) throws TlsFileException {
        List<X509Certificate> out = new ArrayList<>();
        for (Object object : PemObjects.read(path)) {
            if (object instanceof X509CertificateHolder holder) {
                try {
                    out.add((X509Certificate) CertificateFactory.getInstance("X.509")
                            .generateCertificate(new ByteArrayInputStream(holder.getEncoded())));
                } catch (CertificateException | IOException e) {
                    throw new TlsFileException(path, Problem.BAD_CERTIFICATE,
                            "certificate " + (out.size() + 1) + " does not parse: " + e.getMessage(), e);
                }
            }
        }
        return out;
    }

    private static TlsFileException encrypted(Path path) {
        return new TlsFileException(path, Problem.ENCRYPTED_KEY,
                "the private key is encrypted (expected: an unencrypted key; decrypt it with openssl pkey)");
    }

    private static String derHint(Path path) {
        return PemObjects.looksLikeDer(path) ? "; the file looks like DER, convert it to PEM" : "";
    }
}
