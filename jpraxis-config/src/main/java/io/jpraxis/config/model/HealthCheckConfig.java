package io.jpraxis.config.model;

/**
 * A cluster's active {@code health_check} (see docs/behaviour/clusters.md#health-checks), with
 * defaults applied.
 *
 * @param path probe path for {@code http} probes
 * @param expectedStatus the status an {@code http} probe must get to count as a success
 * @param timeoutMs per-probe deadline; always below {@code intervalMs}
 * @param passiveUnhealthyThreshold consecutive failed requests that eject an endpoint; null when off
 * @param passiveHealthyThreshold consecutive successful requests that restore one; null when off
 * @param grpcService service name for {@code grpc} probes; empty means overall server status
 */
public record HealthCheckConfig(
        HealthCheckType type,
        String path,
        int expectedStatus,
        long intervalMs,
        long timeoutMs,
        int healthyThreshold,
        int unhealthyThreshold,
        Integer passiveUnhealthyThreshold,
        Integer passiveHealthyThreshold,
        String grpcService) {

    public static final String DEFAULT_PATH = "/";
    public static final int DEFAULT_EXPECTED_STATUS = 200;
    public static final long DEFAULT_INTERVAL_MS = 5000;
    public static final long DEFAULT_TIMEOUT_MS = 2000;
    public static final int DEFAULT_HEALTHY_THRESHOLD = 2;
    public static final int DEFAULT_UNHEALTHY_THRESHOLD = 3;

    /** Probe kinds; {@code grpc} is not implemented yet and is refused at load. */
    public enum HealthCheckType { HTTP, TCP, GRPC }
}
