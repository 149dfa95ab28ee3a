package io.jpraxis.testkit;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import javax.security.auth.x500.X500Principal;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.CRLReason;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509CRLHolder;
import org.bouncycastle.cert.X509v2CRLBuilder;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.openssl.jcajce.JceOpenSSLPKCS8EncryptorBuilder;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.util.io.pem.PemObject;

/** Key generation, certificate and CRL signing, and PEM writing behind {@link TestPki}. */
final class PkiWriter {
    /** What a leaf certificate carries. */
    record LeafRequest(String subject, KeyPair keys, X500Name issuer, KeyPair issuerKeys, BigInteger serial,
            Instant notBefore, Instant notAfter, boolean client, List<String> dns, List<String> ips,
            List<String> uris) {
    }

    /** Used only where the JDK lacks the cipher (PKCS#8 encryption); not installed globally. */
    private static final BouncyCastleProvider BOUNCY_CASTLE = new BouncyCastleProvider();

    private PkiWriter() {
    }

    static KeyPair keyPair(TestPki.KeyType type) {
        try {
            return switch (type) {
                case RSA -> {
                    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
                    generator.initialize(2048);
                    yield generator.generateKeyPair();
                }
                case EC -> {
                    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
                    generator.initialize(new ECGenParameterSpec("secp256r1"));
                    yield generator.generateKeyPair();
                }
            };
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot generate a " + type + " key", e);
        }
    }

    static X509Certificate caCertificate(String subject, KeyPair keys, X500Name issuer, KeyPair issuerKeys,
            BigInteger serial) {
        Instant now = Instant.now();
        try {
            X509v3CertificateBuilder builder = builder(subject, keys.getPublic(), issuer, serial,
                    now.minus(Duration.ofHours(1)), now.plus(Duration.ofDays(3650)));
            JcaX509ExtensionUtils utils = new JcaX509ExtensionUtils();
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
            builder.addExtension(Extension.subjectKeyIdentifier, false,
                    utils.createSubjectKeyIdentifier(keys.getPublic()));
            builder.addExtension(Extension.authorityKeyIdentifier, false,
                    utils.createAuthorityKeyIdentifier(issuerKeys.getPublic()));
            return sign(builder, issuerKeys.getPrivate());
        } catch (GeneralSecurityException | CertIOException e) {
            throw new IllegalStateException("cannot make the CA certificate " + subject, e);
        }
    }

    static X509Certificate leafCertificate(LeafRequest request) {
        try {
            X509v3CertificateBuilder builder = builder(request.subject(), request.keys().getPublic(),
                    request.issuer(), request.serial(), request.notBefore(), request.notAfter());
            JcaX509ExtensionUtils utils = new JcaX509ExtensionUtils();
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            int usage = KeyUsage.digitalSignature
                    | (request.keys().getPublic().getAlgorithm().equals("RSA") ? KeyUsage.keyEncipherment : 0);
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(usage));
            builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(
                    request.client() ? KeyPurposeId.id_kp_clientAuth : KeyPurposeId.id_kp_serverAuth));
            builder.addExtension(Extension.subjectKeyIdentifier, false,
                    utils.createSubjectKeyIdentifier(request.keys().getPublic()));
            builder.addExtension(Extension.authorityKeyIdentifier, false,
                    utils.createAuthorityKeyIdentifier(request.issuerKeys().getPublic()));
            List<GeneralName> names = new ArrayList<>();
            request.dns().forEach(name -> names.add(new GeneralName(GeneralName.dNSName, name)));
            request.ips().forEach(ip -> names.add(new GeneralName(GeneralName.iPAddress, ip)));
            request.uris().forEach(uri -> names.add(new GeneralName(GeneralName.uniformResourceIdentifier, uri)));
            if (!names.isEmpty()) {
                builder.addExtension(Extension.subjectAlternativeName, false,
                        new GeneralNames(names.toArray(GeneralName[]::new)));
            }
            return sign(builder, request.issuerKeys().getPrivate());
        } catch (GeneralSecurityException | CertIOException e) {
            throw new IllegalStateException("cannot make the certificate " + request.subject(), e);
        }
    }

    static void writeCrl(Path path, X509Certificate issuer, KeyPair issuerKeys, List<BigInteger> revoked,
            Instant thisUpdate, Instant nextUpdate) {
        X509v2CRLBuilder builder = new X509v2CRLBuilder(nameOf(issuer), Date.from(thisUpdate));
        if (nextUpdate != null) {
            builder.setNextUpdate(Date.from(nextUpdate));
        }
        for (BigInteger serial : revoked) {
            builder.addCRLEntry(serial, Date.from(thisUpdate), CRLReason.keyCompromise);
        }
        try {
            X509CRLHolder crl = builder.build(signer(issuerKeys.getPrivate()));
            writePem(path, List.of(new PemObject("X509 CRL", crl.getEncoded())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void writeCertificates(Path path, List<X509Certificate> chain) {
        List<PemObject> objects = new ArrayList<>();
        try {
            for (X509Certificate cert : chain) {
                objects.add(new PemObject("CERTIFICATE", cert.getEncoded()));
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
        writePem(path, objects);
    }

    static void writeKey(Path path, KeyPair keys, TestPki.KeyFormat format) {
        PrivateKey key = keys.getPrivate();
        try {
            PemObject pem = switch (format) {
                case PKCS8 -> new PemObject("PRIVATE KEY", key.getEncoded());
                case PKCS1_RSA -> new PemObject("RSA PRIVATE KEY", traditional(key));
                case SEC1_EC -> new PemObject("EC PRIVATE KEY", sec1(keys));
                case ENCRYPTED_PKCS8 -> new JcaPKCS8Generator(key, new JceOpenSSLPKCS8EncryptorBuilder(
                        JcaPKCS8Generator.AES_256_CBC)
                        .setProvider(BOUNCY_CASTLE).setPassword(TestPki.KEY_PASSWORD.toCharArray()).build())
                        .generate();
            };
            writePem(path, List.of(pem));
            ownerOnly(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (OperatorCreationException e) {
            throw new IllegalStateException("cannot encrypt the key " + path, e);
        }
    }

    /** Keys are written as a careful operator keeps them, so only a test that loosens a mode sees the warning. */
    private static void ownerOnly(Path path) throws IOException {
        try {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            // A file system without POSIX modes: nothing to tighten.
        }
    }

    /** The algorithm-specific structure inside a PKCS#8 key: RSAPrivateKey (PKCS#1). */
    private static byte[] traditional(PrivateKey key) throws IOException {
        return PrivateKeyInfo.getInstance(key.getEncoded()).parsePrivateKey().toASN1Primitive().getEncoded();
    }

    /** {@code dn} read as the JDK reads it (RFC 4514: the first RDN written is the most specific). */
    static X500Name name(String dn) {
        return X500Name.getInstance(new X500Principal(dn).getEncoded());
    }

    /** The subject of {@code cert} exactly as encoded, so issuer names match byte for byte. */
    static X500Name nameOf(X509Certificate cert) {
        return X500Name.getInstance(cert.getSubjectX500Principal().getEncoded());
    }

    /** SEC1 as OpenSSL writes it: the curve and the public point inside, which the JDK's PKCS#8 form leaves out. */
    private static byte[] sec1(KeyPair keys) throws IOException {
        PrivateKeyInfo info = PrivateKeyInfo.getInstance(keys.getPrivate().getEncoded());
        org.bouncycastle.asn1.sec.ECPrivateKey inner = org.bouncycastle.asn1.sec.ECPrivateKey.getInstance(
                info.parsePrivateKey());
        return new org.bouncycastle.asn1.sec.ECPrivateKey(256, inner.getKey(),
                SubjectPublicKeyInfo.getInstance(keys.getPublic().getEncoded()).getPublicKeyData(),
                info.getPrivateKeyAlgorithm().getParameters()).getEncoded();
    }

    private static X509v3CertificateBuilder builder(String subject, PublicKey key, X500Name issuer, BigInteger serial,
            Instant notBefore, Instant notAfter) {
        return new JcaX509v3CertificateBuilder(issuer, serial, Date.from(notBefore),
                Date.from(notAfter), name(subject), key);
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, PrivateKey issuerKey)
            throws GeneralSecurityException {
        return new JcaX509CertificateConverter().getCertificate(builder.build(signer(issuerKey)));
    }

    private static ContentSigner signer(PrivateKey key) {
        String algorithm = key.getAlgorithm().equals("RSA") ? "SHA256withRSA" : "SHA256withECDSA";
        try {
            return new JcaContentSignerBuilder(algorithm).build(key);
        } catch (OperatorCreationException e) {
            throw new IllegalStateException("cannot sign with a " + key.getAlgorithm() + " key", e);
        }
    }

    private static void writePem(Path path, List<PemObject> objects) {
        StringWriter text = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(text)) {
            for (PemObject object : objects) {
                writer.writeObject(object);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            Files.writeString(path, text.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
