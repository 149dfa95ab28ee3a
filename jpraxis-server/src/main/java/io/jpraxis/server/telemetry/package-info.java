/**
 * OpenTelemetry trace export (see docs/behaviour/tracing.md): the {@code telemetry} block and the
 * standard {@code OTEL_*} environment resolved to settings, the SDK's tracer provider with a batch
 * processor and an OTLP exporter (gRPC through grpc-java, HTTP through the JDK's client).
 */
package io.jpraxis.server.telemetry;
