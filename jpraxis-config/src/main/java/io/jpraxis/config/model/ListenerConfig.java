package io.jpraxis.config.model;

import java.util.List;

/**
 * A named socket and the chains that make its pipeline.
 *
 * @param maxConnections null when unlimited
 * @param downstreamReadTimeoutMs null when unset
 * @param downstreamKeepaliveTimeoutMs null when unset
 */
public record ListenerConfig(
        String name,
        HostPort address,
        ListenerProtocol protocol,
        List<String> filterChains,
        Integer maxConnections,
        Long downstreamReadTimeoutMs,
        Long downstreamKeepaliveTimeoutMs,
        SourceRef source) {

    public ListenerConfig {
        filterChains = List.copyOf(filterChains);
    }

    /** Listener protocols; {@code tcp} parses but is refused as not implemented (decision 19). */
    public enum ListenerProtocol { HTTP, TCP }
}
