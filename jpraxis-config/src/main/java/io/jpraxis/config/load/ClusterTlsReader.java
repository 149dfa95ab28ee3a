package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.ClusterTlsConfig;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.read.FilePaths;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import java.util.Optional;

/**
 * Reads a cluster's upstream {@code tls} block (see docs/behaviour/clusters.md#cluster-settings):
 * {@code sni}, {@code verify}, {@code ca.ca_path} and {@code client_cert}. Turning verification off
 * or leaving SNI out needs its insecure flag. Every file named must be readable now, so a typo
 * fails the load instead of the first request.
 */
public final class ClusterTlsReader {
    static final String NO_VERIFY_FLAG = "insecure_options.allow_tls_no_verify";
    static final String NO_SNI_FLAG = "insecure_options.allow_tls_without_sni";
    private static final ObjectDescriptor CA = ObjectDescriptor.of("Trust anchors for the upstream certificate.",
            key("ca_path", KeyType.text(), "PEM file of the CAs to trust; unset: the JVM's default trust store."))
            .withNotImplemented("crl_paths");
    private static final ObjectDescriptor CLIENT_CERT = ObjectDescriptor.of("The certificate the gateway presents.",
            key("cert_path", KeyType.text(), "PEM certificate chain file; set together with key_path."),
            key("key_path", KeyType.text(), "PEM private key file; set together with cert_path."));
    /** The keys of a cluster's {@code tls} (and of {@code endpoint_selector}'s, which has its shape). */
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("TLS to the cluster's endpoints.",
            key("sni", KeyType.text(), "Server name sent and verified; leaving it out needs "
                    + NO_SNI_FLAG + ": true."),
            key("verify", KeyType.bool(), "Whether the upstream certificate is verified; false needs "
                    + NO_VERIFY_FLAG + ": true.").withDefault(true),
            key("ca", KeyType.object(CA), "Trust anchors."),
            key("client_cert", KeyType.object(CLIENT_CERT), "Client certificate for mutual TLS."));

    private ClusterTlsReader() {
    }

    /**
     * Reads a {@code tls} block; empty when anything in it was wrong (all of it reported).
     * {@code hostFromEndpoint}: {@code http.authority: {from: endpoint}} names each endpoint's host as SNI.
     */
    public static Optional<ClusterTlsConfig> read(ConfigNode node, ConfigPath path, Diagnostics d,
            InsecureOptions insecure, boolean hostFromEndpoint) {
        if (!(node instanceof ConfigNode.MapNode)) {
            d.invalid(path, node.line(), node.render(), "a map");
            return Optional.empty();
        }
        MapReader r = MapReader.of(node, path, d, KEYS);
        String sni = r.string("sni").filter(s -> checkSni(s, r)).orElse(null);
        // An explicit null leaves SNI out just as an absent key does, so it needs the flag too.
        if (r.present("sni").isEmpty() && !hostFromEndpoint && !insecure.allowTlsWithoutSni()) {
            d.error(r.path("sni"), r.line(), "missing (expected: the server name to send and verify; set "
                    + NO_SNI_FLAG + ": true to connect without SNI)");
        }
        boolean verify = r.bool("verify", true);
        if (!verify && !insecure.allowTlsNoVerify()) {
            r.invalid("verify", "true; set " + NO_VERIFY_FLAG + ": true to skip certificate verification");
        }
        String caPath = r.map("ca", CA).map(ClusterTlsReader::caPath).orElse(null);
        ClientCert clientCert = r.map("client_cert", CLIENT_CERT).map(ClusterTlsReader::clientCert).orElse(ClientCert.NONE);
        return r.finishCleanly()
                ? Optional.of(new ClusterTlsConfig(sni, verify, caPath, clientCert.certPath(), clientCert.keyPath()))
                : Optional.empty();
    }

    private static boolean checkSni(String sni, MapReader r) {
        boolean ok = HostPortParser.isHostname(sni) && !IpLiterals.looksLikeIpv4(sni);
        if (!ok) {
            r.invalid("sni", "a DNS host name");
        }
        return ok;
    }

    private static String caPath(MapReader ca) {
        String path = file(ca, "ca_path");
        if (ca.has("crl_paths")) {
            ca.node("crl_paths");
            ca.error("crl_paths", "not supported on clusters (expected: ca_path only; revocation lists "
                    + "apply to listener TLS)");
        }
        ca.finish();
        return path;
    }

    /** The two files of {@code client_cert}; null paths when unset. */
    private record ClientCert(String certPath, String keyPath) {
        static final ClientCert NONE = new ClientCert(null, null);
    }

    /** {@code cert_path} and {@code key_path}: both or neither. */
    private static ClientCert clientCert(MapReader cert) {
        String certPath = file(cert, "cert_path");
        String keyPath = file(cert, "key_path");
        for (String key : new String[] {"cert_path", "key_path"}) {
            if (!cert.has(key)) {
                cert.diagnostics().error(cert.path(key), cert.line(),
                        "missing (expected: cert_path and key_path together)");
            }
        }
        cert.finish();
        return new ClientCert(certPath, keyPath);
    }

    /** A readable regular file's path as written, or null (reported) when it is not one. */
    private static String file(MapReader r, String key) {
        Optional<String> text = r.string(key);
        if (text.isEmpty()) {
            return null;
        }
        return FilePaths.readableFile(r, key, text.get());
    }
}
