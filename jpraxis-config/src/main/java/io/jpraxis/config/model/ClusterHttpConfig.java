package io.jpraxis.config.model;

/**
 * A cluster's {@code http} block. Null fields are unset.
 *
 * @param authority overrides the upstream {@code Host}
 * @param applicationProtocol opaque identifier (see
 * docs/behaviour/clusters.md#application-identifiers)
 * @param applicationProvider opaque identifier (see
 * docs/behaviour/clusters.md#application-identifiers)
 */
public record ClusterHttpConfig(String authority, HttpVersion version, String applicationProtocol,
        String applicationProvider) {

    public static final ClusterHttpConfig NONE = new ClusterHttpConfig(null, HttpVersion.H1, null, null);

    /** Upstream HTTP version; only {@code h1} is implemented yet. */
    public enum HttpVersion { H1, H2, AUTO }
}
