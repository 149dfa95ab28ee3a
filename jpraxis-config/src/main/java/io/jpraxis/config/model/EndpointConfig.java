package io.jpraxis.config.model;

/** One endpoint: {@code "host:port"} or {@code {address, weight}}; weight defaults to 1. */
public record EndpointConfig(HostPort address, int weight) {
}
