package io.jpraxis.config.model;

/** Admin listener; {@code address} null means disabled. */
public record AdminConfig(HostPort address, HostPort metricsAddress, boolean verbose) {
    public static final AdminConfig DISABLED = new AdminConfig(null, null, false);
}
