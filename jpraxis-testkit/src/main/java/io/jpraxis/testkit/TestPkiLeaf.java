package io.jpraxis.testkit;

import java.security.KeyPair;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A server or client certificate being described before {@link #issue()} writes it. Defaults: subject
 * {@code CN=<name>}, an EC P-256 key in PKCS#8, valid from an hour ago for a year, no SANs.
 */
public final class TestPkiLeaf {
    private final TestPki pki;
    private final TestPki.Authority issuer;
    private final String name;
    private final boolean client;
    private String subject;
    private final List<String> dnsNames = new ArrayList<>();
    private final List<String> ipAddresses = new ArrayList<>();
    private final List<String> uris = new ArrayList<>();
    private TestPki.KeyType keyType = TestPki.KeyType.EC;
    private TestPki.KeyFormat keyFormat = TestPki.KeyFormat.PKCS8;
    private Instant notBefore = Instant.now().minus(Duration.ofHours(1));
    private Instant notAfter = Instant.now().plus(Duration.ofDays(365));

    TestPkiLeaf(TestPki pki, TestPki.Authority issuer, String name, boolean client) {
        this.pki = pki;
        this.issuer = issuer;
        this.name = name;
        this.client = client;
        this.subject = "CN=" + name;
    }

    /** The subject as an RFC 4514 name, e.g. {@code CN=svc,O=Acme,C=DE}. */
    public TestPkiLeaf subject(String distinguishedName) {
        this.subject = distinguishedName;
        return this;
    }

    /** DNS subject alternative names (wildcards such as {@code *.example.com} are written as given). */
    public TestPkiLeaf dns(String... names) {
        dnsNames.addAll(List.of(names));
        return this;
    }

    /** IP address subject alternative names ({@code 127.0.0.1}, {@code ::1}). */
    public TestPkiLeaf ip(String... addresses) {
        ipAddresses.addAll(List.of(addresses));
        return this;
    }

    /** A URI subject alternative name, e.g. a SPIFFE ID {@code spiffe://example.org/ns/a/sa/b}. */
    public TestPkiLeaf uri(String uri) {
        uris.add(uri);
        return this;
    }

    public TestPkiLeaf keyType(TestPki.KeyType type) {
        this.keyType = type;
        return this;
    }

    /** How the key file is written; PKCS#1 needs an RSA key, SEC1 an EC key. */
    public TestPkiLeaf keyFormat(TestPki.KeyFormat format) {
        this.keyFormat = format;
        return this;
    }

    /** Valid from an hour ago until {@code fromNow} from now (e.g. three days: a certificate about to expire). */
    public TestPkiLeaf expiresIn(Duration fromNow) {
        this.notAfter = Instant.now().plus(fromNow);
        return this;
    }

    /** Valid for a day that ended yesterday. */
    public TestPkiLeaf expired() {
        this.notBefore = Instant.now().minus(Duration.ofDays(2));
        this.notAfter = Instant.now().minus(Duration.ofDays(1));
        return this;
    }

    public TestPkiLeaf validity(Instant from, Instant until) {
        this.notBefore = from;
        this.notAfter = until;
        return this;
    }

    /** Generates the key, signs the certificate with the issuer and writes {@code name.pem} and {@code name.key}. */
    public TestPki.Issued issue() {
        if (keyFormat == TestPki.KeyFormat.PKCS1_RSA && keyType != TestPki.KeyType.RSA
                || keyFormat == TestPki.KeyFormat.SEC1_EC && keyType != TestPki.KeyType.EC) {
            throw new IllegalArgumentException(keyFormat + " does not fit a " + keyType + " key");
        }
        KeyPair keys = PkiWriter.keyPair(keyType);
        X509Certificate leaf = PkiWriter.leafCertificate(new PkiWriter.LeafRequest(subject, keys,
                PkiWriter.nameOf(issuer.certificate()), issuer.keys(), pki.nextSerial(),
                notBefore, notAfter, client, dnsNames, ipAddresses, uris));
        List<X509Certificate> chain = new ArrayList<>();
        chain.add(leaf);
        chain.addAll(issuer.chainForLeaves());
        return pki.write(name, chain, keys, keyFormat);
    }
}
