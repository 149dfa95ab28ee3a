package io.jpraxis.config.dump;

import io.jpraxis.config.model.ListenerTlsConfig;
import io.jpraxis.config.model.ListenerTlsConfig.Certificate;
import io.jpraxis.config.read.Scalars;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A listener's {@code tls} block as ordered maps in Praxis's shape, defaults written out; an unset
 * {@code hot_reload} stays out, because leaving it out means "on for a single certificate".
 */
final class ListenerTlsDumpTree {
    private ListenerTlsDumpTree() {
    }

    static Map<String, Object> tls(ListenerTlsConfig tls) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("certificates", tls.certificates().stream().map(ListenerTlsDumpTree::certificate).toList());
        out.put("min_version", Scalars.yamlName(tls.minVersion()));
        DumpTree.putIfSet(out, "cipher_suites", tls.cipherSuites().stream().map(Scalars::yamlName).toList());
        if (tls.clientCa() != null) {
            Map<String, Object> ca = new LinkedHashMap<>();
            ca.put("ca_path", tls.clientCa().caPath());
            DumpTree.putIfSet(ca, "crl_paths", tls.clientCa().crlPaths());
            out.put("client_ca", ca);
        }
        out.put("client_cert_mode", Scalars.yamlName(tls.clientCertMode()));
        DumpTree.putIfSet(out, "trusted_spiffe_ids", tls.trustedSpiffeIds());
        DumpTree.putIfSet(out, "hot_reload", tls.hotReload());
        return out;
    }

    private static Map<String, Object> certificate(Certificate c) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("cert_path", c.certPath());
        out.put("key_path", c.keyPath());
        DumpTree.putIfSet(out, "server_names", c.serverNames());
        out.put("default", c.isDefault());
        return out;
    }
}
