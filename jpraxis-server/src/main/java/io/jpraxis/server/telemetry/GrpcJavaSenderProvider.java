package io.jpraxis.server.telemetry;

import io.opentelemetry.common.ComponentLoader;
import io.opentelemetry.sdk.common.export.GrpcSender;
import io.opentelemetry.sdk.common.export.GrpcSenderConfig;
import io.opentelemetry.sdk.common.export.GrpcSenderProvider;
import java.util.List;

/**
 * Gives the OTLP gRPC exporter a sender over grpc-java, which the gateway already carries for
 * ext_proc, instead of the okhttp one the exporter would look for. Handed to the exporter through
 * {@link #LOADER} rather than a service file, so no other sender on the class path can win.
 */
public final class GrpcJavaSenderProvider implements GrpcSenderProvider {
    /** Loads this provider for the gRPC sender, and everything else as the class loader would. */
    static final ComponentLoader LOADER = new ComponentLoader() {
        private final ComponentLoader fallback = ComponentLoader.forClassLoader(OtlpTracing.class.getClassLoader());

        @Override
        @SuppressWarnings("unchecked")
        public <T> Iterable<T> load(Class<T> type) {
            if (type == GrpcSenderProvider.class) {
                return (Iterable<T>) List.of(new GrpcJavaSenderProvider());
            }
            return fallback.load(type);
        }
    };

    @Override
    public GrpcSender createSender(GrpcSenderConfig config) {
        return new GrpcJavaSender(config);
    }
}
