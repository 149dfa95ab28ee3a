package io.jpraxis.config.load;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.load.ListenerTlsReader.CertificateEntry;
import io.jpraxis.config.model.ListenerTlsConfig;
import io.jpraxis.config.model.ListenerTlsConfig.CipherSuite;
import io.jpraxis.config.model.ListenerTlsConfig.ClientCertMode;
import io.jpraxis.config.model.ListenerTlsConfig.TlsVersion;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rules between the keys of a listener's {@code tls} block (see
 * docs/behaviour/listener-tls.md#what-validate-checks): how several certificates are told apart,
 * what a client certificate mode needs, which suites fit the version floor.
 */
final class ListenerTlsRules {
    private ListenerTlsRules() {
    }

    /** {@code written} counts the entries as written, so one that failed to read still makes "several". */
    static void check(ListenerTlsConfig tls, List<CertificateEntry> certificates, int written, MapReader r) {
        if (written > 1) {
            checkSeveral(certificates, r.diagnostics());
            if (Boolean.TRUE.equals(tls.hotReload())) {
                r.error("hot_reload", "hot_reload requires exactly one certificate (expected: remove hot_reload or "
                        + "keep one certificate; with several, certificate changes need a restart)");
            }
        }
        ClientCertMode mode = tls.clientCertMode();
        if (mode != ClientCertMode.NONE && !r.has("client_ca")) {
            r.error("client_cert_mode", "client_ca is required when client_cert_mode is " + Scalars.yamlName(mode)
                    + " (expected: client_ca: { ca_path: ... } naming the CAs that sign client certificates)");
        }
        checkSpiffeIds(tls, r);
        checkSuites(tls, r);
    }

    /** Each entry needs names or the default mark, one default at most, no name served twice. */
    private static void checkSeveral(List<CertificateEntry> certificates, Diagnostics d) {
        CertificateEntry firstDefault = null;
        Map<String, CertificateEntry> owners = new HashMap<>();
        for (CertificateEntry entry : certificates) {
            var cert = entry.certificate();
            if (cert.isDefault()) {
                if (firstDefault != null) {
                    d.error(entry.path().key("default"), entry.line(), "multiple certificates are marked default "
                            + "(expected: default: true on one entry only; " + firstDefault.path() + " is already)");
                } else {
                    firstDefault = entry;
                }
            } else if (cert.serverNames().isEmpty()) {
                d.error(entry.path(), entry.line(), "ambiguous certificate " + cert.certPath() + ": with several "
                        + "certificates each needs server_names or default: true");
            }
            for (int i = 0; i < cert.serverNames().size(); i++) {
                String name = cert.serverNames().get(i);
                CertificateEntry owner = owners.putIfAbsent(name, entry);
                if (owner != null) {
                    d.error(entry.path().key("server_names").index(i), entry.line(), "duplicate server_name '" + name
                            + "' (also served by " + (owner == entry ? "this entry" : owner.path().toString())
                            + "; names are compared in lower case)");
                }
            }
        }
    }

    private static void checkSpiffeIds(ListenerTlsConfig tls, MapReader r) {
        List<String> ids = tls.trustedSpiffeIds();
        if (!ids.isEmpty() && tls.clientCertMode() != ClientCertMode.REQUIRE_NAMED) {
            r.error("trusted_spiffe_ids", "only allowed with client_cert_mode: require_named (it is "
                    + Scalars.yamlName(tls.clientCertMode()) + ")");
        }
        ConfigPath idsPath = r.path("trusted_spiffe_ids");
        for (int i = 0; i < ids.size(); i++) {
            String problem = SpiffeIds.problem(ids.get(i));
            if (problem != null) {
                r.diagnostics().error(idsPath.index(i), r.line("trusted_spiffe_ids"), "\"" + ids.get(i)
                        + "\" is not a leaf SPIFFE ID: " + problem + " (expected: spiffe://trust-domain/path)");
            }
        }
        if (ids.isEmpty() && tls.clientCertMode() == ClientCertMode.REQUIRE_NAMED) {
            r.diagnostics().warn(r.path("client_cert_mode"), r.line("client_cert_mode"), "require_named with no "
                    + "trusted_spiffe_ids accepts any valid SPIFFE certificate client_ca signed (list the IDs to "
                    + "accept in trusted_spiffe_ids)");
        }
    }

    private static void checkSuites(ListenerTlsConfig tls, MapReader r) {
        List<CipherSuite> suites = tls.cipherSuites();
        ConfigPath suitesPath = r.path("cipher_suites");
        int line = r.line("cipher_suites");
        for (int i = 0; i < suites.size(); i++) {
            CipherSuite suite = suites.get(i);
            if (tls.minVersion() == TlsVersion.TLS13 && !suite.isTls13()) {
                r.diagnostics().error(suitesPath.index(i), line, Scalars.yamlName(suite) + " is a TLS 1.2 suite "
                        + "and min_version is tls13 (expected: tls13_* suites only, or min_version: tls12)");
            }
            for (int j = i + 1; j < suites.size(); j++) {
                CipherSuite later = suites.get(j);
                if (later.isTls13() == suite.isTls13() && strength(later) > strength(suite)) {
                    r.diagnostics().warn(suitesPath.index(i), line, Scalars.yamlName(suite) + " is listed before "
                            + "the stronger " + Scalars.yamlName(later) + " (suites are offered in the order "
                            + "written; strongest first: AES-256-GCM, ChaCha20-Poly1305, AES-128-GCM)");
                    break;
                }
            }
        }
    }

    /** AES-256-GCM over ChaCha20-Poly1305 over AES-128-GCM. */
    private static int strength(CipherSuite suite) {
        String name = suite.name();
        if (name.contains("AES_256")) {
            return 3;
        }
        return name.contains("CHACHA20") ? 2 : 1;
    }
}
