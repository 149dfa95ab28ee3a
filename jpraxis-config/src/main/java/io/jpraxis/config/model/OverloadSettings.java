package io.jpraxis.config.model;

/**
 * When new requests are shed with 503 before any filter runs (see
 * docs/behaviour/http-edge.md#overload-shedding): {@code runtime.max_memory_bytes} and {@code
 * runtime.shed_on_fd_pressure}.
 *
 * @param maxMemoryBytes resident memory of the process beyond which new requests are shed; null for no limit
 * @param shedOnFdPressure whether new requests are shed when open descriptors near the open-file limit
 */
public record OverloadSettings(Long maxMemoryBytes, boolean shedOnFdPressure) {
    public static final OverloadSettings DEFAULT = new OverloadSettings(null, true);
}
