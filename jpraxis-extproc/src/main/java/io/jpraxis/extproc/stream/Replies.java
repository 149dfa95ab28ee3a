package io.jpraxis.extproc.stream;

import com.google.protobuf.ByteString;
import com.google.protobuf.ListValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode;
import io.envoyproxy.envoy.service.ext_proc.v3.BodyMutation;
import io.envoyproxy.envoy.service.ext_proc.v3.BodyResponse;
import io.envoyproxy.envoy.service.ext_proc.v3.CommonResponse;
import io.envoyproxy.envoy.service.ext_proc.v3.HeaderMutation;
import io.envoyproxy.envoy.service.ext_proc.v3.HeadersResponse;
import io.envoyproxy.envoy.service.ext_proc.v3.ImmediateResponse;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingRequest;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingResponse;
import io.envoyproxy.envoy.service.ext_proc.v3.StreamedBodyResponse;
import io.envoyproxy.envoy.service.ext_proc.v3.TrailersResponse;
import io.envoyproxy.envoy.type.v3.HttpStatus;
import io.jpraxis.core.http.LocalResponse;
import java.util.LinkedHashSet;
import java.util.Set;

/** Builders for the {@code ProcessingResponse} shapes the adapter sends. */
final class Replies {
    /** The namespace Envoy's load balancers read (see docs/behaviour/ext-proc.md#picker-mode). */
    static final String LB_NAMESPACE = "envoy.lb";
    static final String SUBSET_NAMESPACE = "envoy.lb.subset_hint";
    static final String SUBSET_KEY = "x-gateway-destination-endpoint-subset";

    private Replies() {
    }

    static ProcessingResponse requestHeaders(HeaderMutation.Builder mutation) {
        return ProcessingResponse.newBuilder()
                .setRequestHeaders(HeadersResponse.newBuilder().setResponse(requestCommon(mutation))).build();
    }

    static ProcessingResponse responseHeaders(HeaderMutation.Builder mutation) {
        return ProcessingResponse.newBuilder()
                .setResponseHeaders(HeadersResponse.newBuilder().setResponse(common(mutation))).build();
    }

    /** A request-body reply: the header mutation (buffered modes) and, when set, the whole new body. */
    static ProcessingResponse requestBody(HeaderMutation.Builder mutation, ByteString body) {
        CommonResponse.Builder c = requestCommon(mutation);
        if (body != null) {
            c.setBodyMutation(BodyMutation.newBuilder().setBody(body));
        }
        return ProcessingResponse.newBuilder().setRequestBody(BodyResponse.newBuilder().setResponse(c)).build();
    }

    static ProcessingResponse responseBody(ByteString body) {
        return responseBody(null, body);
    }

    /** A response-body reply with a header mutation (which Envoy applies in BUFFERED mode only). */
    static ProcessingResponse responseBody(HeaderMutation.Builder mutation, ByteString body) {
        CommonResponse.Builder c = common(mutation);
        if (body != null) {
            c.setBodyMutation(BodyMutation.newBuilder().setBody(body));
        }
        return ProcessingResponse.newBuilder().setResponseBody(BodyResponse.newBuilder().setResponse(c)).build();
    }

    /** One piece of a body sent back in FULL_DUPLEX_STREAMED mode. */
    static BodyResponse streamed(ByteString piece, boolean endOfStream) {
        return BodyResponse.newBuilder().setResponse(CommonResponse.newBuilder().setBodyMutation(BodyMutation
                .newBuilder().setStreamedResponse(StreamedBodyResponse.newBuilder().setBody(piece)
                        .setEndOfStream(endOfStream)))).build();
    }

    /** The empty reply that lets a message of {@code kind} pass unchanged. */
    static ProcessingResponse passThrough(ProcessingRequest.RequestCase kind) {
        ProcessingResponse.Builder r = ProcessingResponse.newBuilder();
        HeadersResponse headers = HeadersResponse.newBuilder().setResponse(CommonResponse.getDefaultInstance()).build();
        BodyResponse body = BodyResponse.newBuilder().setResponse(CommonResponse.getDefaultInstance()).build();
        return switch (kind) {
            case REQUEST_HEADERS -> r.setRequestHeaders(headers).build();
            case RESPONSE_HEADERS -> r.setResponseHeaders(headers).build();
            case REQUEST_BODY -> r.setRequestBody(body).build();
            case RESPONSE_BODY -> r.setResponseBody(body).build();
            case REQUEST_TRAILERS -> r.setRequestTrailers(TrailersResponse.getDefaultInstance()).build();
            case RESPONSE_TRAILERS -> r.setResponseTrailers(TrailersResponse.getDefaultInstance()).build();
            case REQUEST_NOT_SET -> throw new IllegalArgumentException("no message kind");
        };
    }

    /**
     * A local answer: status, every header as a set, the body (JSON for rejections: see
     * docs/behaviour/request-lifecycle.md#error-bodies).
     */
    static ProcessingResponse immediate(LocalResponse response) {
        ImmediateResponse.Builder i = ImmediateResponse.newBuilder()
                .setStatus(HttpStatus.newBuilder().setCodeValue(response.status()))
                .setHeaders(MutationDiff.sets(response));
        if (response.body() != null && response.body().length > 0) {
            i.setBody(ByteString.copyFrom(response.body()));
        }
        return ProcessingResponse.newBuilder().setImmediateResponse(i).build();
    }

    /**
     * Picker mode's one reply (see docs/behaviour/ext-proc.md#picker-mode): the header mutation,
     * {@code envoy.lb} metadata holding the same value as the route header, and a mode override so
     * Envoy sends nothing more.
     */
    static ProcessingResponse pick(HeaderMutation.Builder mutation, String routeHeader, String value) {
        Struct lb = Struct.newBuilder().putFields(routeHeader, Value.newBuilder().setStringValue(value).build()).build();
        Struct metadata = Struct.newBuilder().putFields(LB_NAMESPACE, Value.newBuilder().setStructValue(lb).build())
                .build();
        ProcessingMode skipRest = ProcessingMode.newBuilder()
                .setRequestBodyMode(ProcessingMode.BodySendMode.NONE)
                .setRequestTrailerMode(ProcessingMode.HeaderSendMode.SKIP)
                .setResponseHeaderMode(ProcessingMode.HeaderSendMode.SKIP)
                .setResponseBodyMode(ProcessingMode.BodySendMode.NONE)
                .setResponseTrailerMode(ProcessingMode.HeaderSendMode.SKIP)
                .build();
        return ProcessingResponse.newBuilder()
                .setRequestHeaders(HeadersResponse.newBuilder().setResponse(common(mutation).setClearRouteCache(true)))
                .setDynamicMetadata(metadata).setModeOverride(skipRest).build();
    }

    /**
     * The endpoint-picker subset hint in a request's metadata ({@code envoy.lb.subset_hint} →
     * {@code x-gateway-destination-endpoint-subset}: a list of strings), or null when absent.
     */
    static Set<String> subsetHint(ProcessingRequest request) {
        if (!request.hasMetadataContext()) {
            return null;
        }
        Struct ns = request.getMetadataContext().getFilterMetadataMap().get(SUBSET_NAMESPACE);
        if (ns == null || !ns.containsFields(SUBSET_KEY)) {
            return null;
        }
        Value v = ns.getFieldsOrThrow(SUBSET_KEY);
        Set<String> out = new LinkedHashSet<>();
        if (v.hasListValue()) {
            ListValue list = v.getListValue();
            list.getValuesList().stream().filter(Value::hasStringValue).forEach(s -> out.add(s.getStringValue()));
        } else if (v.hasStringValue()) {
            // Tolerated: a comma-separated string, the shape of the destination header itself.
            for (String s : v.getStringValue().split(",")) {
                if (!s.isBlank()) {
                    out.add(s.trim());
                }
            }
        }
        return out;
    }

    /**
     * As {@link #common}, and a request whose headers change also clears Envoy's route cache: Envoy
     * picked a route from the headers as they came (its ext_proc filter looks up per-route config),
     * and a route that matches on a header the pipeline set, removed or rewrote ({@code :path})
     * must be chosen again (the recommendation for routing use (see
     * docs/behaviour/ext-proc.md#phases)).
     */
    private static CommonResponse.Builder requestCommon(HeaderMutation.Builder mutation) {
        CommonResponse.Builder c = common(mutation);
        if (c.hasHeaderMutation()) {
            c.setClearRouteCache(true);
        }
        return c;
    }

    private static CommonResponse.Builder common(HeaderMutation.Builder mutation) {
        CommonResponse.Builder c = CommonResponse.newBuilder();
        if (mutation != null && (mutation.getSetHeadersCount() > 0 || mutation.getRemoveHeadersCount() > 0)) {
            c.setHeaderMutation(mutation);
        }
        return c;
    }
}
