package io.jpraxis.config.model;

/**
 * A cluster's upstream {@code tls} block (see docs/behaviour/clusters.md#cluster-settings). Null
 * paths are unset.
 *
 * @param sni server name sent in the handshake and checked against the certificate; null when
 *     unset (then the endpoint host is used when it is a name, and none is sent for an IP literal)
 * @param verify whether the origin certificate is verified; false needs {@code allow_tls_no_verify}
 * @param caPath PEM bundle that replaces the system trust store for this cluster
 * @param clientCertPath PEM client certificate for mutual TLS, with {@code clientKeyPath}
 */
public record ClusterTlsConfig(String sni, boolean verify, String caPath, String clientCertPath,
        String clientKeyPath) {
}
