package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.ListenerTlsConfig;
import io.jpraxis.config.model.ListenerTlsConfig.Certificate;
import io.jpraxis.config.model.ListenerTlsConfig.CipherSuite;
import io.jpraxis.config.model.ListenerTlsConfig.ClientCa;
import io.jpraxis.config.model.ListenerTlsConfig.ClientCertMode;
import io.jpraxis.config.model.ListenerTlsConfig.TlsVersion;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads a listener's {@code tls} block (see docs/behaviour/listener-tls.md): its certificates,
 * version floor, suites, client CA and client certificate mode. The rules between keys are in
 * {@link ListenerTlsRules}; the files are opened and checked by {@link ListenerTlsFileChecks}, so a
 * bad file fails {@code validate} as well as {@code serve}.
 */
final class ListenerTlsReader {
    static final ObjectDescriptor CERTIFICATE = ObjectDescriptor.of("One certificate the listener serves.",
            key("cert_path", KeyType.text(), "PEM certificate chain file, leaf first.").asRequired(),
            key("key_path", KeyType.text(), "PEM private key file of the leaf (PKCS#8, PKCS#1 RSA or SEC1 EC, "
                    + "unencrypted).").asRequired(),
            key("server_names", KeyType.listOf(KeyType.text()), "Host names and *.suffix wildcards this "
                    + "certificate answers for; used to choose among several certificates.")
                    .withRule("valid SNI names: no IP address, '*' only as the whole leftmost label"),
            key("default", KeyType.bool(), "Whether this certificate answers a client whose SNI matches no "
                    + "other certificate (or that sends none).").withDefault(false));
    static final ObjectDescriptor CLIENT_CA = ObjectDescriptor.of("Trust anchors for client certificates.",
            key("ca_path", KeyType.text(), "PEM bundle of the CAs that sign client certificates.").asRequired(),
            key("crl_paths", KeyType.listOf(KeyType.text()), "PEM revocation lists; a client certificate they "
                    + "revoke fails the handshake."));
    /** The keys of a listener's {@code tls}. */
    static final ObjectDescriptor KEYS = ObjectDescriptor.of("TLS termination on the listener.",
            key("certificates", KeyType.listOf(KeyType.object(CERTIFICATE), 1, null), "Certificates served; "
                    + "with several, the client's SNI chooses one.").asRequired(),
            key("min_version", KeyType.choice(TlsVersion.class), "Lowest TLS version offered: tls12 offers 1.2 "
                    + "and 1.3, tls13 only 1.3. There is no max_version.").withDefault("tls12"),
            key("cipher_suites", KeyType.listOf(KeyType.choice(CipherSuite.class), 1, null), "Suites offered, in "
                    + "this order; unset: every suite the TLS engine has."),
            key("client_ca", KeyType.object(CLIENT_CA), "Trust anchors and CRLs for client certificates; "
                    + "required when client_cert_mode is not none."),
            key("client_cert_mode", KeyType.choice(ClientCertMode.class), "Whether clients are asked for a "
                    + "certificate (request), must present one (require), or one with a trusted SPIFFE ID "
                    + "(require_named).").withDefault("none"),
            key("trusted_spiffe_ids", KeyType.listOf(KeyType.text()), "SPIFFE IDs accepted under require_named; "
                    + "empty: any valid SPIFFE certificate from client_ca."),
            key("hot_reload", KeyType.bool(), "Whether certificate files are reloaded when they change; unset: on "
                    + "for a single certificate. Needs exactly one certificate."));

    /** One certificate entry as read, with where it was written. */
    record CertificateEntry(Certificate certificate, ConfigPath path, int line, int certLine, int keyLine) {
    }

    private ListenerTlsReader() {
    }

    static Optional<ListenerTlsConfig> read(ConfigNode node, ConfigPath path, Diagnostics d) {
        if (!(node instanceof ConfigNode.MapNode map)) {
            d.invalid(path, node.line(), node.render(), "a map");
            return Optional.empty();
        }
        MapReader r = MapReader.of(withoutMaxVersion(map, path, d), path, d, KEYS);
        int written = r.node("certificates").filter(n -> n instanceof ConfigNode.ListNode)
                .map(n -> ((ConfigNode.ListNode) n).items().size()).orElse(0);
        List<CertificateEntry> certificates = certificates(r);
        TlsVersion minVersion = r.enumValue("min_version", TlsVersion.class).orElse(TlsVersion.TLS12);
        List<CipherSuite> suites = cipherSuites(r);
        ClientCaEntry clientCa = r.map("client_ca", CLIENT_CA).map(ListenerTlsReader::clientCa).orElse(null);
        ClientCertMode mode = r.enumValue("client_cert_mode", ClientCertMode.class).orElse(ClientCertMode.NONE);
        List<String> spiffeIds = r.strings("trusted_spiffe_ids").orElse(List.of());
        Boolean hotReload = r.bool("hot_reload").orElse(null);
        ListenerTlsConfig tls = new ListenerTlsConfig(certificates.stream().map(CertificateEntry::certificate).toList(),
                minVersion, suites, clientCa == null ? null : clientCa.clientCa(), mode, spiffeIds, hotReload,
                new SourceRef(path, map.line()));
        ListenerTlsRules.check(tls, certificates, written, r);
        ListenerTlsFileChecks.check(certificates, clientCa, d);
        return r.finishCleanly() ? Optional.of(tls) : Optional.empty();
    }

    /** {@code max_version} is refused with what to write instead, then left out so it is not reported twice. */
    private static ConfigNode.MapNode withoutMaxVersion(ConfigNode.MapNode map, ConfigPath path, Diagnostics d) {
        Optional<ConfigNode.MapNode.Entry> max = map.entry("max_version");
        if (max.isEmpty()) {
            return map;
        }
        d.error(path.key("max_version"), max.get().keyLine(), "unknown key (there is no max_version: TLS 1.3 is "
                + "offered whenever cipher_suites lists a tls13_* suite or is left out; set min_version: tls13 to "
                + "offer TLS 1.3 only, or list only tls12_* cipher_suites to offer TLS 1.2 only)");
        List<ConfigNode.MapNode.Entry> rest = new ArrayList<>(map.entries());
        rest.remove(max.get());
        return new ConfigNode.MapNode(rest, map.line());
    }

    private static List<CertificateEntry> certificates(MapReader r) {
        if (!r.require("certificates")) {
            return List.of();
        }
        List<ConfigNode> items = r.list("certificates").orElse(List.of());
        if (items.isEmpty() && r.present("certificates").isPresent()) {
            r.error("certificates", "at least one certificate is required (expected: a list of cert_path and "
                    + "key_path entries)");
        }
        List<CertificateEntry> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            certificate(items.get(i), r.path("certificates").index(i), r.diagnostics()).ifPresent(out::add);
        }
        return out;
    }

    private static Optional<CertificateEntry> certificate(ConfigNode node, ConfigPath path, Diagnostics d) {
        MapReader r = MapReader.of(node, path, d, CERTIFICATE);
        String certPath = TlsPaths.check(r, "cert_path", r.requiredString("cert_path"));
        String keyPath = TlsPaths.check(r, "key_path", r.requiredString("key_path"));
        List<String> names = new ArrayList<>();
        List<ConfigNode> items = r.list("server_names").orElse(List.of());
        for (int i = 0; i < items.size(); i++) {
            ConfigPath itemPath = r.path("server_names").index(i);
            ConfigNode item = items.get(i);
            Scalars.string(item, itemPath, d).ifPresent(name -> {
                String problem = SniNames.problem(name);
                if (problem != null) {
                    d.error(itemPath, item.line(), "\"" + name + "\" is not a valid server name: " + problem);
                } else {
                    names.add(name.toLowerCase(Locale.ROOT));
                }
            });
        }
        boolean isDefault = r.bool("default", false);
        int certLine = r.line("cert_path");
        int keyLine = r.line("key_path");
        if (!r.finishCleanly() || certPath == null || keyPath == null) {
            return Optional.empty();
        }
        return Optional.of(new CertificateEntry(new Certificate(certPath, keyPath, names, isDefault), path,
                r.line(), certLine, keyLine));
    }

    private static List<CipherSuite> cipherSuites(MapReader r) {
        Optional<List<ConfigNode>> items = r.list("cipher_suites");
        if (items.isEmpty()) {
            return List.of();
        }
        if (items.get().isEmpty()) {
            r.error("cipher_suites", "must not be empty (expected: one or more suite ids; omit the key to offer "
                    + "every suite the TLS engine has)");
        }
        List<CipherSuite> out = new ArrayList<>();
        for (int i = 0; i < items.get().size(); i++) {
            Scalars.enumValue(items.get().get(i), r.path("cipher_suites").index(i), r.diagnostics(), CipherSuite.class)
                    .ifPresent(out::add);
        }
        return out;
    }

    /** The client CA as read, with where its files were written. */
    record ClientCaEntry(ClientCa clientCa, ConfigPath path, int caLine, List<ConfigPath> crlKeys,
            List<Integer> crlLines) {
    }

    private static ClientCaEntry clientCa(MapReader r) {
        String caPath = TlsPaths.check(r, "ca_path", r.requiredString("ca_path"));
        List<String> crls = new ArrayList<>();
        List<ConfigPath> crlKeys = new ArrayList<>();
        List<Integer> crlLines = new ArrayList<>();
        List<ConfigNode> items = r.list("crl_paths").orElse(List.of());
        for (int i = 0; i < items.size(); i++) {
            ConfigPath itemPath = r.path("crl_paths").index(i);
            ConfigNode item = items.get(i);
            Scalars.string(item, itemPath, r.diagnostics())
                    .map(crl -> TlsPaths.check(itemPath, item.line(), r.diagnostics(), crl))
                    .ifPresent(crl -> {
                        crls.add(crl);
                        crlKeys.add(itemPath);
                        crlLines.add(item.line());
                    });
        }
        int caLine = r.line("ca_path");
        if (!r.finishCleanly() || caPath == null) {
            return null;
        }
        return new ClientCaEntry(new ClientCa(caPath, crls), r.path(), caLine, crlKeys, crlLines);
    }
}
