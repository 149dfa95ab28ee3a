package io.jpraxis.config.model;

import java.util.List;

/**
 * A named socket and the chains that make its pipeline.
 *
 * @param maxConnections null when unlimited
 * @param downstreamReadTimeoutMs the longest silence between request body bytes; null when unset (the
 *     HTTP edge then allows 60 s, nginx's {@code client_body_timeout} default)
 * @param downstreamKeepaliveTimeoutMs null when unset
 * @param tls TLS termination; null for a cleartext listener
 */
public record ListenerConfig(
        String name,
        HostPort address,
        ListenerProtocol protocol,
        List<String> filterChains,
        Integer maxConnections,
        Long downstreamReadTimeoutMs,
        Long downstreamKeepaliveTimeoutMs,
        ListenerTlsConfig tls,
        SourceRef source) {

    public ListenerConfig {
        filterChains = List.copyOf(filterChains);
    }

    /**
     * Listener protocols; {@code tcp} parses but is refused as not implemented (see
     * docs/behaviour/config-loading.md#names-jpraxis-does-not-implement-yet).
     */
    public enum ListenerProtocol { HTTP, TCP }
}
