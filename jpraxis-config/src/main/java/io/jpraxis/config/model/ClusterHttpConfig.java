package io.jpraxis.config.model;

/**
 * A cluster's {@code http} block. Null fields are unset.
 *
 * @param authority overrides the upstream {@code Host}
 * @param authorityFromEndpoint {@code http.authority: {from: endpoint}}: each attempt sends its
 * endpoint's {@code host[:port]} as {@code Host}, and its host as SNI (see
 * docs/behaviour/clusters.md#cluster-settings)
 * @param applicationProtocol opaque identifier (see
 * docs/behaviour/clusters.md#application-identifiers)
 * @param applicationProvider opaque identifier (see
 * docs/behaviour/clusters.md#application-identifiers)
 */
public record ClusterHttpConfig(String authority, HttpVersion version, String applicationProtocol,
        String applicationProvider, boolean authorityFromEndpoint) {

    public static final ClusterHttpConfig NONE = new ClusterHttpConfig(null, HttpVersion.H1, null, null);

    public ClusterHttpConfig(String authority, HttpVersion version, String applicationProtocol,
            String applicationProvider) {
        this(authority, version, applicationProtocol, applicationProvider, false);
    }

    /**
     * Upstream HTTP version (see docs/behaviour/upstream-http2.md#choosing-the-version): HTTP/1.1;
     * HTTP/2 (ALPN {@code h2} over TLS, prior knowledge in cleartext); or over TLS whatever the
     * origin's ALPN picks of the two, in cleartext HTTP/1.1.
     */
    public enum HttpVersion { H1, H2, AUTO }

    /** The version, {@link HttpVersion#H1} when unset. */
    public HttpVersion versionOrDefault() {
        return version == null ? HttpVersion.H1 : version;
    }
}
