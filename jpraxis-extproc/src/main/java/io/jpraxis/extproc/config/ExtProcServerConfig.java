package io.jpraxis.extproc.config;

import io.jpraxis.config.model.HostPort;

/**
 * {@code server:} of an ext_proc config (see docs/behaviour/ext-proc.md#the-service).
 *
 * @param grpcAddress where {@code envoy.service.ext_proc.v3.ExternalProcessor} is served
 * @param healthAddress where the gRPC health service is served
 * @param metricsAddress where Prometheus text is served over HTTP ({@code /metrics})
 * @param pickerMode decide on request headers alone and mirror the route header into {@code envoy.lb} (see
 * docs/behaviour/ext-proc.md#picker-mode)
 */
public record ExtProcServerConfig(HostPort grpcAddress, HostPort healthAddress, HostPort metricsAddress,
        boolean pickerMode, ExtProcTls tls) {

    public static final HostPort DEFAULT_GRPC = new HostPort("0.0.0.0", 50051);
    public static final HostPort DEFAULT_HEALTH = new HostPort("0.0.0.0", 50052);
    public static final HostPort DEFAULT_METRICS = new HostPort("0.0.0.0", 9090);

    public static final ExtProcServerConfig DEFAULT = new ExtProcServerConfig(DEFAULT_GRPC, DEFAULT_HEALTH,
            DEFAULT_METRICS, false, new ExtProcTls.None());

    /** The same config with the addresses the command line gave (null keeps the file's). */
    public ExtProcServerConfig withAddresses(HostPort grpc, HostPort health, HostPort metrics) {
        return new ExtProcServerConfig(grpc == null ? grpcAddress : grpc, health == null ? healthAddress : health,
                metrics == null ? metricsAddress : metrics, pickerMode, tls);
    }
}
