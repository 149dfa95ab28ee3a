package io.jpraxis.server.telemetry;

import io.jpraxis.config.model.TelemetryConfig;
import io.jpraxis.http.tracing.EdgeTracing;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The OpenTelemetry SDK behind the edge's spans, for one process: a tracer provider with the
 * configured resource and sampler, a batch span processor and an OTLP exporter. Not installed as
 * the global OpenTelemetry: nothing else in the process reports through it. {@link #close} flushes
 * what is queued, so a graceful stop loses no span.
 */
public final class OtlpTracing implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(OtlpTracing.class);
    /** Tracing off. */
    public static final OtlpTracing OFF = new OtlpTracing(null, EdgeTracing.OFF);
    static final String TRACES_PATH = "/v1/traces";
    static final Duration EXPORT_TIMEOUT = Duration.ofSeconds(10);

    private final OpenTelemetrySdk sdk;
    private final EdgeTracing edge;

    private OtlpTracing(OpenTelemetrySdk sdk, EdgeTracing edge) {
        this.sdk = sdk;
        this.edge = edge;
    }

    /** Tracing as {@code config} (and, for what it leaves unset, {@code env}) asks; {@link #OFF} without an endpoint. */
    public static OtlpTracing start(TelemetryConfig config, Map<String, String> env) {
        TelemetrySettings settings = TelemetrySettings.resolve(config, env);
        if (settings == null) {
            if (config != null) {
                log.warn("telemetry: no otlp_endpoint and no OTEL_EXPORTER_OTLP_ENDPOINT; tracing is off");
            }
            return OFF;
        }
        return start(settings);
    }

    /** Tracing with resolved settings. */
    public static OtlpTracing start(TelemetrySettings settings) {
        SdkTracerProvider provider = SdkTracerProvider.builder()
                .setResource(Resource.getDefault().merge(Resource.create(resource(settings))))
                .setSampler(sampler(settings.samplingRate()))
                .addSpanProcessor(BatchSpanProcessor.builder(exporter(settings))
                        .setScheduleDelay(settings.batchIntervalSecs(), TimeUnit.SECONDS)
                        .setMaxExportBatchSize(settings.batchSize())
                        .setMaxQueueSize(Math.max(2_048, settings.batchSize() * 4))
                        .build())
                .build();
        OpenTelemetrySdk sdk = OpenTelemetrySdk.builder().setTracerProvider(provider).build();
        log.info("telemetry: exporting traces to {} over OTLP/{} as service {}", settings.endpoint(),
                settings.protocol() == TelemetrySettings.Protocol.GRPC ? "gRPC" : "HTTP", settings.serviceName());
        return new OtlpTracing(sdk, EdgeTracing.of(sdk));
    }

    /** Parent-based: a sampled client's trace is always followed, an unsampled one never; new roots by ratio. */
    static Sampler sampler(Double rate) {
        return Sampler.parentBased(rate == null ? Sampler.alwaysOn() : Sampler.traceIdRatioBased(rate));
    }

    static Attributes resource(TelemetrySettings s) {
        AttributesBuilder out = Attributes.builder().put(AttributeKey.stringKey("service.name"), s.serviceName());
        if (s.serviceVersion() != null) {
            out.put(AttributeKey.stringKey("service.version"), s.serviceVersion());
        }
        if (s.environment() != null) {
            out.put(AttributeKey.stringKey("deployment.environment"), s.environment());
        }
        return out.build();
    }

    private static SpanExporter exporter(TelemetrySettings s) {
        return switch (s.protocol()) {
            case GRPC -> {
                var builder = OtlpGrpcSpanExporter.builder().setEndpoint(s.endpoint()).setTimeout(EXPORT_TIMEOUT)
                        .setComponentLoader(GrpcJavaSenderProvider.LOADER);
                s.headers().forEach(builder::addHeader);
                yield builder.build();
            }
            case HTTP_PROTOBUF -> {
                var builder = OtlpHttpSpanExporter.builder().setEndpoint(httpEndpoint(s.endpoint()))
                        .setTimeout(EXPORT_TIMEOUT);
                s.headers().forEach(builder::addHeader);
                yield builder.build();
            }
        };
    }

    /** A base URL gets the traces path, as OTEL_EXPORTER_OTLP_ENDPOINT does; a URL with a path is used as it is. */
    static String httpEndpoint(String endpoint) {
        String path = URI.create(endpoint).getPath();
        if (path == null || path.isEmpty() || path.equals("/")) {
            return endpoint.replaceAll("/+$", "") + TRACES_PATH;
        }
        return endpoint;
    }

    /** What the HTTP edge starts its spans from. */
    public EdgeTracing edge() {
        return edge;
    }

    /** Exports what is queued (up to the export timeout) and stops. */
    @Override
    public void close() {
        if (sdk != null) {
            sdk.getSdkTracerProvider().shutdown().join(EXPORT_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        }
    }
}
