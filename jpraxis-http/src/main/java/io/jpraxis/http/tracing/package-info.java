/**
 * OpenTelemetry spans of the HTTP edge (see docs/behaviour/tracing.md): a server span per request, a
 * client span per upstream attempt and per sub-request. Written against the OpenTelemetry API only;
 * the server wires the SDK and its exporter behind it. Off, it costs a null check per hook.
 */
package io.jpraxis.http.tracing;
