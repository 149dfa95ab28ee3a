package io.jpraxis.extproc.emulator;

import com.google.protobuf.Struct;
import io.grpc.Status;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * What happened to one request in the emulated Envoy.
 *
 * @param immediateStatus the status of an ImmediateResponse, or 0
 * @param upstreamHeaders the request headers as the upstream would see them (pseudo-headers included), or null when not forwarded
 * @param upstreamBody the request body as sent upstream
 * @param originSaw the origin's echo of what it received, when the request was forwarded to one
 * @param dynamicMetadata every dynamic_metadata the processor returned, merged
 * @param grpcError the stream's error status, or null when it ended cleanly
 * @param replies every reply in arrival order
 * @param downstreamStatus what the client got (0 when the stream failed before an answer)
 */
public record EmulatedResult(int immediateStatus, Map<String, String> immediateHeaders, byte[] immediateBody,
        List<Map.Entry<String, String>> upstreamHeaders, byte[] upstreamBody, String originSaw,
        Struct dynamicMetadata, Status grpcError, List<ProcessingResponse> replies, int downstreamStatus,
        List<Map.Entry<String, String>> downstreamHeaders, byte[] downstreamBody, List<String> sent) {

    /** The first upstream value of {@code name}, or null. */
    public String upstreamHeader(String name) {
        return upstreamHeaders == null ? null : upstreamHeaders.stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue).findFirst().orElse(null);
    }

    public String downstreamHeader(String name) {
        return downstreamHeaders == null ? null : downstreamHeaders.stream()
                .filter(e -> e.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue).findFirst().orElse(null);
    }

    public String immediateBodyText() {
        return immediateBody == null ? null : new String(immediateBody, StandardCharsets.UTF_8);
    }

    /** {@code envoy.lb} → {@code key}, or null. */
    public String lbMetadata(String key) {
        if (dynamicMetadata == null || !dynamicMetadata.containsFields("envoy.lb")) {
            return null;
        }
        Struct lb = dynamicMetadata.getFieldsOrThrow("envoy.lb").getStructValue();
        return lb.containsFields(key) ? lb.getFieldsOrThrow(key).getStringValue() : null;
    }
}
