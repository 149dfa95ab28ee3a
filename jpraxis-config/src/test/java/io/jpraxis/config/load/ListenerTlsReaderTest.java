package io.jpraxis.config.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.ListenerTlsConfig;
import io.jpraxis.config.model.ListenerTlsConfig.Certificate;
import io.jpraxis.config.model.ListenerTlsConfig.CipherSuite;
import io.jpraxis.config.model.ListenerTlsConfig.ClientCertMode;
import io.jpraxis.config.model.ListenerTlsConfig.TlsVersion;
import io.jpraxis.testkit.TestPki;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Reading a listener's tls block: every key, every rule between keys, and the files it names. */
class ListenerTlsReaderTest {
    @TempDir
    static Path dir;
    static TestPki pki;
    static TestPki.Authority ca;
    static TestPki.Issued api;
    static TestPki.Issued www;
    static TestPki.Issued client;
    static Path crl;

    @BeforeAll
    static void pki() {
        pki = TestPki.create(dir);
        ca = pki.rootCa("ca", TestPki.KeyType.EC);
        api = ca.server("api").dns("api.example.com").issue();
        www = ca.server("www").dns("www.example.com").keyType(TestPki.KeyType.RSA)
                .keyFormat(TestPki.KeyFormat.PKCS1_RSA).issue();
        client = ca.client("client").issue();
        crl = ca.crl("revoked", client.serial());
    }

    /** A config whose only listener has {@code tls} set to {@code block} (indented as written under it). */
    static LoadResult load(String block) {
        String yaml = "filter_chains:\n  - {name: main, filters: []}\n"
                + "listeners:\n  - name: edge\n    filter_chains: [main]\n    address: \"127.0.0.1:8443\"\n    tls:\n"
                + block.stripIndent().lines().map(line -> "      " + line).reduce("", (a, b) -> a + b + "\n");
        return new ConfigLoader().load(yaml, FeatureSet.NONE);
    }

    static String cert(TestPki.Issued issued) {
        return "{cert_path: \"" + issued.certPath() + "\", key_path: \"" + issued.keyPath() + "\"";
    }

    static String one() {
        return "certificates: [" + cert(api) + "}]\n";
    }

    static List<String> errors(LoadResult result) {
        return result.diagnostics().errors().stream().map(Diagnostic::render).toList();
    }

    static List<String> warnings(LoadResult result) {
        return result.diagnostics().warnings().stream().map(Diagnostic::render).toList();
    }

    @Test
    void readsEveryKey() {
        LoadResult result = load("certificates:\n"
                + "  - " + cert(api) + ", server_names: [API.example.com, \"*.api.example.com\"]}\n"
                + "  - " + cert(www) + ", default: true}\n"
                + "min_version: tls13\n"
                + "cipher_suites: [tls13_aes_256_gcm_sha384, tls13_aes_128_gcm_sha256]\n"
                + "client_ca: {ca_path: \"" + ca.certPath() + "\", crl_paths: [\"" + crl + "\"]}\n"
                + "client_cert_mode: require_named\n"
                + "trusted_spiffe_ids: [\"spiffe://example.org/ns/web/sa/frontend\"]\n"
                + "hot_reload: false\n");

        assertThat(errors(result)).isEmpty();
        ListenerTlsConfig tls = result.config().listeners().getFirst().tls();
        assertThat(tls.certificates()).containsExactly(
                new Certificate(api.certPath().toString(), api.keyPath().toString(),
                        List.of("api.example.com", "*.api.example.com"), false),
                new Certificate(www.certPath().toString(), www.keyPath().toString(), List.of(), true));
        assertThat(tls.minVersion()).isEqualTo(TlsVersion.TLS13);
        assertThat(tls.cipherSuites()).containsExactly(CipherSuite.TLS13_AES_256_GCM_SHA384,
                CipherSuite.TLS13_AES_128_GCM_SHA256);
        assertThat(tls.clientCa().caPath()).isEqualTo(ca.certPath().toString());
        assertThat(tls.clientCa().crlPaths()).containsExactly(crl.toString());
        assertThat(tls.clientCertMode()).isEqualTo(ClientCertMode.REQUIRE_NAMED);
        assertThat(tls.trustedSpiffeIds()).containsExactly("spiffe://example.org/ns/web/sa/frontend");
        assertThat(tls.reloads()).isFalse();
    }

    @Test
    void aListenerWithoutTlsIsCleartextAndOneCertificateNeedsNoNames() {
        LoadResult plain = new ConfigLoader().load("listeners:\n  - {name: edge, address: \"127.0.0.1:8080\", filter_chains: [main]}\n"
                + "filter_chains:\n  - {name: main, filters: []}\n",
                FeatureSet.NONE);
        LoadResult single = load(one());

        assertThat(plain.config().listeners().getFirst().tls()).isNull();
        assertThat(errors(single)).isEmpty();
        ListenerTlsConfig tls = single.config().listeners().getFirst().tls();
        assertThat(tls.minVersion()).as("default floor").isEqualTo(TlsVersion.TLS12);
        assertThat(tls.clientCertMode()).isEqualTo(ClientCertMode.NONE);
        assertThat(tls.reloads()).as("one certificate reloads by default").isTrue();
    }

    @Test
    void refusesAnEmptyOrMissingCertificateList() {
        assertThat(errors(load("certificates: []\n"))).singleElement().asString()
                .contains("listeners[0].tls.certificates").contains("at least one certificate is required");
        assertThat(errors(load("min_version: tls12\n"))).singleElement().asString()
                .contains("listeners[0].tls.certificates").contains("required");
    }

    @Test
    void refusesADotDotComponentNamingTheField() {
        LoadResult result = load("certificates:\n"
                + "  - {cert_path: \"../etc/cert.pem\", key_path: \"keys/../x.key\"}\n");

        assertThat(errors(result)).hasSize(2)
                .anySatisfy(e -> assertThat(e).contains("certificates[0].cert_path").contains("path traversal")
                        .contains("in cert_path"))
                .anySatisfy(e -> assertThat(e).contains("certificates[0].key_path").contains("in key_path"));
        assertThat(errors(load("certificates: [{cert_path: \"" + dir.resolve("my..cert.pem")
                + "\", key_path: \"" + api.keyPath() + "\"}]\n")))
                .as("'..' inside a name is not a component: the file is merely missing").singleElement().asString()
                .contains("no such file").doesNotContain("traversal");
    }

    @Test
    void warnsOnASymlinkedPathAndFollowsIt() throws Exception {
        Path link = dir.resolve("linked.pem");
        Files.deleteIfExists(link);
        Files.createSymbolicLink(link, api.certPath());
        LoadResult result = load("certificates: [{cert_path: \"" + link + "\", key_path: \"" + api.keyPath() + "\"}]\n");

        assertThat(errors(result)).isEmpty();
        assertThat(warnings(result)).singleElement().asString().contains("certificates[0].cert_path")
                .contains("symbolic link");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"\"", "\"*\"", "\"*.com\"", "a*.example.com", "\"foo.*.com\"", "\"*.*.com\"",
        "10.0.0.1", "\"*.10.0.0.1\"", "\"::1\"", "under_score.example.com", "-lead.example.com",
        "trail-.example.com", "example.com.", "a..example.com"})
    void refusesAServerNameAClientCannotSend(String name) {
        LoadResult result = load("certificates:\n  - " + cert(api) + ", server_names: [" + name + "]}\n");

        assertThat(errors(result)).singleElement().asString().contains("certificates[0].server_names[0]")
                .contains("is not a valid server name");
    }

    @ParameterizedTest
    @ValueSource(strings = {"example.com", "*.example.com", "a-b.c0.example.com", "localhost", "XN--BCHER-KVA.example"})
    void acceptsHostNamesAndLeftmostWildcards(String name) {
        assertThat(errors(load("certificates:\n  - " + cert(api) + ", server_names: [\"" + name + "\"]}\n")))
                .isEmpty();
    }

    @Test
    void severalCertificatesNeedNamesOrOneDefaultAndNoNameTwice() {
        TestPki.Issued third = ca.server("third").issue();
        LoadResult result = load("certificates:\n"
                + "  - " + cert(api) + ", server_names: [a.example.com, \"*.example.com\"], default: true}\n"
                + "  - " + cert(www) + ", server_names: [A.Example.COM, \"*.EXAMPLE.com\"], default: true}\n"
                + "  - " + cert(third) + "}\n");

        assertThat(errors(result)).hasSize(4)
                .anySatisfy(e -> assertThat(e).contains("certificates[1].default")
                        .contains("multiple certificates are marked default"))
                .anySatisfy(e -> assertThat(e).contains("certificates[1].server_names[0]")
                        .contains("duplicate server_name 'a.example.com'"))
                .anySatisfy(e -> assertThat(e).contains("certificates[1].server_names[1]")
                        .contains("duplicate server_name '*.example.com'"))
                .anySatisfy(e -> assertThat(e).contains("certificates[2]").contains("ambiguous")
                        .contains(third.certPath().toString()));
    }

    @Test
    void clientCaPathsMayNotClimbAndAModeNeedsAClientCa() {
        assertThat(errors(load(one() + "client_ca: {ca_path: \"../ca.pem\", crl_paths: [\"" + crl
                + "\", \"crl/../../x.crl\"]}\nclient_cert_mode: require\n"))).hasSize(2)
                .anySatisfy(e -> assertThat(e).contains("client_ca.ca_path").contains("path traversal"))
                .anySatisfy(e -> assertThat(e).contains("client_ca.crl_paths[1]").contains("path traversal"));
        for (String mode : List.of("request", "require", "require_named")) {
            assertThat(errors(load(one() + "client_cert_mode: " + mode + "\n"))).singleElement().asString()
                    .contains("tls.client_cert_mode")
                    .contains("client_ca is required when client_cert_mode is " + mode);
        }
    }

    @Test
    void spiffeIdsNeedRequireNamedAndLeafIdSyntax() {
        String caBlock = "client_ca: {ca_path: \"" + ca.certPath() + "\"}\n";
        assertThat(errors(load(one() + caBlock + "client_cert_mode: require\n"
                + "trusted_spiffe_ids: [\"spiffe://example.org/web\"]\n"))).singleElement().asString()
                .contains("trusted_spiffe_ids").contains("only allowed with client_cert_mode: require_named");
        List<String> bad = List.of("SPIFFE://example.org/web", "spiffe://Example.org/web", "spiffe://example.org",
                "spiffe://example.org/", "spiffe://example.org/a//b", "spiffe:///web", "spiffe://example.org/a?b");
        assertThat(errors(load(one() + caBlock + "client_cert_mode: require_named\ntrusted_spiffe_ids: ["
                + String.join(", ", bad.stream().map(id -> "\"" + id + "\"").toList()) + "]\n")))
                .hasSize(bad.size()).allSatisfy(e -> assertThat(e).contains("is not a leaf SPIFFE ID"));
        LoadResult anyId = load(one() + caBlock + "client_cert_mode: require_named\n");
        assertThat(errors(anyId)).isEmpty();
        assertThat(warnings(anyId)).singleElement().asString().contains("require_named with no trusted_spiffe_ids");
    }

    @Test
    void hotReloadNeedsExactlyOneCertificate() {
        assertThat(errors(load("certificates:\n"
                + "  - " + cert(api) + ", default: true}\n"
                + "  - " + cert(www) + ", server_names: [www.example.com]}\n"
                + "hot_reload: true\n"))).singleElement().asString()
                .contains("tls.hot_reload").contains("hot_reload requires exactly one certificate");
        assertThat(errors(load(one() + "hot_reload: true\n"))).isEmpty();
    }

    @Test
    void cipherSuitesMustBeKnownNonEmptyAndFitTheFloor() {
        assertThat(errors(load(one() + "cipher_suites: []\n"))).singleElement().asString()
                .contains("must not be empty").contains("omit the key");
        assertThat(errors(load(one() + "min_version: tls13\ncipher_suites: [tls13_aes_128_gcm_sha256, "
                + "tls12_ecdhe_rsa_with_aes_128_gcm_sha256]\n"))).singleElement().asString()
                .contains("cipher_suites[1]").contains("TLS 1.2 suite and min_version is tls13");
        assertThat(errors(load(one() + "cipher_suites: [tls13_aes_999]\n"))).singleElement().asString()
                .contains("cipher_suites[0]").contains("tls13_aes_256_gcm_sha384");
        LoadResult weakFirst = load(one() + "cipher_suites: [tls13_aes_128_gcm_sha256, tls13_chacha20_poly1305_sha256,"
                + " tls12_ecdhe_ecdsa_with_aes_256_gcm_sha384]\n");
        assertThat(errors(weakFirst)).isEmpty();
        assertThat(warnings(weakFirst)).as("only within one TLS version").singleElement().asString()
                .contains("cipher_suites[0]").contains("before the stronger tls13_chacha20_poly1305_sha256");
    }

    @Test
    void refusesUnknownKeysAtEveryLevelAndExplainsMaxVersion() {
        LoadResult result = load("certificates:\n  - " + cert(api) + ", sni: x}\n"
                + "client_ca: {ca_path: \"" + ca.certPath() + "\", crls: []}\n"
                + "client_cert_mode: request\n"
                + "alpn: [h2]\n"
                + "max_version: tls13\n");

        assertThat(errors(result)).hasSize(4)
                .anySatisfy(e -> assertThat(e).contains("certificates[0].sni").contains("unknown key"))
                .anySatisfy(e -> assertThat(e).contains("client_ca.crls").contains("unknown key"))
                .anySatisfy(e -> assertThat(e).contains("tls.alpn").contains("unknown key"))
                .anySatisfy(e -> assertThat(e).contains("tls.max_version").contains("there is no max_version")
                        .contains("min_version: tls13").contains("list only tls12_* cipher_suites"));
    }

    @Test
    void opensEveryFileAndNamesTheYamlPathAndTheFile() {
        Path stray = pki.unrelatedKey("stray", TestPki.KeyType.EC, TestPki.KeyFormat.PKCS8);
        Path missing = dir.resolve("missing.pem");
        Path notPem = pki.textFile("notes.txt", "hello\n");
        LoadResult result = load("certificates:\n"
                + "  - {cert_path: \"" + api.certPath() + "\", key_path: \"" + stray + "\", default: true}\n"
                + "  - {cert_path: \"" + missing + "\", key_path: \"" + notPem + "\", server_names: [b.example]}\n"
                + "client_ca: {ca_path: \"" + notPem + "\", crl_paths: [\"" + api.certPath() + "\"]}\n"
                + "client_cert_mode: request\n");

        assertThat(errors(result)).hasSize(5)
                .anySatisfy(e -> assertThat(e).contains("certificates[0].key_path").contains(stray.toString())
                        .contains("does not match the certificate in " + api.certPath()))
                .anySatisfy(e -> assertThat(e).contains("certificates[1].cert_path").contains(missing.toString())
                        .contains("no such file"))
                .anySatisfy(e -> assertThat(e).contains("certificates[1].key_path").contains("no private key"))
                .anySatisfy(e -> assertThat(e).contains("client_ca.ca_path").contains("CA bundle holds no certificate"))
                .anySatisfy(e -> assertThat(e).contains("client_ca.crl_paths[0]").contains("no CRL"));
    }

    @Test
    void warnsOnExpiringExpiredAndOpenKeys() throws Exception {
        TestPki.Issued soon = ca.server("soon").expiresIn(Duration.ofDays(5)).issue();
        TestPki.Issued old = ca.server("old").expired().issue();
        TestPki.Issued open = ca.server("open").issue();
        Files.setPosixFilePermissions(open.keyPath(), PosixFilePermissions.fromString("rw-r--r--"));
        LoadResult result = load("certificates:\n"
                + "  - " + cert(soon) + ", server_names: [soon.example]}\n"
                + "  - " + cert(old) + ", server_names: [old.example]}\n"
                + "  - " + cert(open) + ", default: true}\n");

        assertThat(errors(result)).isEmpty();
        assertThat(warnings(result)).hasSize(3)
                .anySatisfy(w -> assertThat(w).contains("certificates[0].cert_path").contains("expires in 4 days"))
                .anySatisfy(w -> assertThat(w).contains("certificates[1].cert_path").contains("has expired"))
                .anySatisfy(w -> assertThat(w).contains("certificates[2].key_path")
                        .contains("readable by its group or by others"));
    }

    @Test
    void refusesACrlNoClientCaSignedAndWarnsOnAStaleOne() {
        TestPki.Authority other = pki.rootCa("crl-other", TestPki.KeyType.EC);
        Path foreign = other.crl("foreign", client.serial());
        Instant now = Instant.now();
        Path stale = ca.crl("stale", now.minus(Duration.ofDays(10)), now.minus(Duration.ofDays(3)), client.serial());
        Path open = ca.crl("open-ended", now.minus(Duration.ofDays(1)), null, client.serial());
        LoadResult result = load(one() + "client_ca: {ca_path: \"" + ca.certPath() + "\", crl_paths: [\"" + foreign
                + "\", \"" + stale + "\", \"" + open + "\", \"" + crl + "\"]}\nclient_cert_mode: require\n");

        assertThat(errors(result)).singleElement().satisfies(e -> assertThat(e).contains("client_ca.crl_paths[0]")
                .contains(foreign.toString()).contains("not signed by any client_ca certificate"));
        assertThat(warnings(result)).hasSize(2)
                .anySatisfy(w -> assertThat(w).contains("client_ca.crl_paths[1]").contains(stale.toString())
                        .contains("past its nextUpdate"))
                .anySatisfy(w -> assertThat(w).contains("client_ca.crl_paths[2]").contains(open.toString())
                        .contains("has no nextUpdate"));
    }

    @Test
    void collectsEveryProblemOfTheBlockAtOnce() {
        LoadResult result = load("certificates:\n"
                + "  - {cert_path: \"../a.pem\", key_path: \"" + api.keyPath() + "\", server_names: [\"*\"]}\n"
                + "  - " + cert(www) + "}\n"
                + "client_cert_mode: require\n"
                + "cipher_suites: []\n"
                + "hot_reload: true\n");

        assertThat(errors(result)).as("traversal, bad name, ambiguous entry, client_ca, empty suites, hot_reload")
                .hasSize(6);
    }
}
