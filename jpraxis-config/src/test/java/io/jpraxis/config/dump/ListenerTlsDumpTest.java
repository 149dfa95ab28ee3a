package io.jpraxis.config.dump;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.config.load.LoadResult;
import io.jpraxis.config.model.GatewayConfig;
import io.jpraxis.testkit.TestPki;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dump writes a listener's tls block back, defaults included, and reads back to the same config. */
class ListenerTlsDumpTest {
    @TempDir
    Path dir;

    @Test
    void dumpsTheTlsBlockAndReadsBackEqual() {
        TestPki pki = TestPki.create(dir);
        TestPki.Authority ca = pki.rootCa("ca", TestPki.KeyType.EC);
        TestPki.Issued api = ca.server("api").issue();
        TestPki.Issued www = ca.server("www").issue();
        Path crl = ca.crl("crl");
        GatewayConfig original = load("filter_chains:\n  - {name: main, filters: []}\nlisteners:\n  - name: edge\n    filter_chains: [main]\n    address: \"127.0.0.1:8443\"\n    tls:\n"
                + "      certificates:\n"
                + "        - {cert_path: \"" + api.certPath() + "\", key_path: \"" + api.keyPath()
                + "\", server_names: [api.example.com]}\n"
                + "        - {cert_path: \"" + www.certPath() + "\", key_path: \"" + www.keyPath() + "\", default: true}\n"
                + "      cipher_suites: [tls13_aes_256_gcm_sha384, tls12_ecdhe_ecdsa_with_aes_256_gcm_sha384]\n"
                + "      client_ca: {ca_path: \"" + ca.certPath() + "\", crl_paths: [\"" + crl + "\"]}\n"
                + "      client_cert_mode: require_named\n"
                + "      trusted_spiffe_ids: [\"spiffe://example.org/web\"]\n");

        String dumped = new ConfigYamlWriter().write(original);

        assertThat(dumped).as(dumped).contains("min_version: tls12").contains("client_cert_mode: require_named")
                .contains("default: true").contains("tls12_ecdhe_ecdsa_with_aes_256_gcm_sha384")
                .contains("spiffe://example.org/web").doesNotContain("hot_reload");
        assertThat(load(dumped)).usingRecursiveComparison().ignoringFieldsMatchingRegexes(".*source", ".*line")
                .isEqualTo(original);
    }

    private static GatewayConfig load(String yaml) {
        LoadResult result = new ConfigLoader().load(yaml, FeatureSet.NONE);
        assertThat(result.diagnostics().errors()).as(yaml).isEmpty();
        return result.config();
    }
}
