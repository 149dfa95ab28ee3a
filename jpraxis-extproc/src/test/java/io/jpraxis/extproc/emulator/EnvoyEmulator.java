package io.jpraxis.extproc.emulator;

import com.google.protobuf.ByteString;
import com.google.protobuf.Struct;
import io.envoyproxy.envoy.config.core.v3.HeaderMap;
import io.envoyproxy.envoy.config.core.v3.HeaderValue;
import io.envoyproxy.envoy.config.core.v3.HeaderValueOption;
import io.envoyproxy.envoy.config.core.v3.Metadata;
import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode;
import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.BodySendMode;
import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.HeaderSendMode;
import io.envoyproxy.envoy.service.ext_proc.v3.CommonResponse;
import io.envoyproxy.envoy.service.ext_proc.v3.ExternalProcessorGrpc;
import io.envoyproxy.envoy.service.ext_proc.v3.HeaderMutation;
import io.envoyproxy.envoy.service.ext_proc.v3.HttpBody;
import io.envoyproxy.envoy.service.ext_proc.v3.HttpHeaders;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingRequest;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingResponse;
import io.envoyproxy.envoy.service.ext_proc.v3.ProtocolConfiguration;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.StreamObserver;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Drives real {@code Process} streams against a running ext_proc server the way Envoy's ext_proc
 * HTTP filter does: phases in order per its processing mode (sending {@code protocol_config} on
 * the first message), a reply awaited per message except in FULL_DUPLEX_STREAMED, mutations and
 * body replacements applied to the request and response, ImmediateResponse ending the exchange,
 * {@code mode_override} honoured only with {@code allow_mode_override}, dynamic metadata merged,
 * and the final request handed to an {@link Upstream} (a real origin through
 * {@link Upstream#dynamicForwardProxy}) whose answer then runs the response phases.
 */
public final class EnvoyEmulator implements AutoCloseable {
    private static final Object END = new Object();

    private final ManagedChannel channel;
    private ProcessingMode mode = ProcessingMode.newBuilder().setRequestHeaderMode(HeaderSendMode.SEND)
            .setResponseHeaderMode(HeaderSendMode.SKIP).build();
    private boolean allowModeOverride;
    private Upstream upstream = Upstream.canned(200, List.of(), "ok");

    public EnvoyEmulator(int port) {
        this.channel = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
    }

    public EnvoyEmulator mode(ProcessingMode newMode) {
        this.mode = newMode;
        return this;
    }

    public EnvoyEmulator allowModeOverride(boolean allow) {
        this.allowModeOverride = allow;
        return this;
    }

    public EnvoyEmulator upstream(Upstream next) {
        this.upstream = next;
        return this;
    }

    /** A processing mode: request headers SEND, response headers as given, bodies as given. */
    public static ProcessingMode mode(BodySendMode requestBody, HeaderSendMode responseHeaders, BodySendMode responseBody) {
        return ProcessingMode.newBuilder().setRequestHeaderMode(HeaderSendMode.SEND).setRequestBodyMode(requestBody)
                .setResponseHeaderMode(responseHeaders).setResponseBodyMode(responseBody).build();
    }

    /** Runs one request through the processor (and the upstream); never throws for a processor error. */
    public EmulatedResult run(EmulatedRequest request) throws InterruptedException {
        Exchange x = new Exchange(request);
        return x.run();
    }

    @Override
    public void close() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    /** One stream's state, like one ext_proc filter instance. */
    private final class Exchange {
        private final EmulatedRequest request;
        private final LinkedBlockingQueue<Object> inbox = new LinkedBlockingQueue<>();
        private final List<ProcessingResponse> replies = new ArrayList<>();
        private final List<String> sent = new ArrayList<>();
        private final Struct.Builder metadata = Struct.newBuilder();
        private ProcessingMode current = mode;
        private StreamObserver<ProcessingRequest> stream;
        private boolean first = true;
        private Status error;
        private ProcessingResponse immediate;

        Exchange(EmulatedRequest request) {
            this.request = request;
        }

        EmulatedResult run() throws InterruptedException {
            stream = ExternalProcessorGrpc.newStub(channel).process(new StreamObserver<>() {
                @Override
                public void onNext(ProcessingResponse r) {
                    inbox.add(r);
                }

                @Override
                public void onError(Throwable t) {
                    inbox.add(Status.fromThrowable(t));
                }

                @Override
                public void onCompleted() {
                    inbox.add(END);
                }
            });
            List<Map.Entry<String, String>> headers = new ArrayList<>();
            headers.add(Map.entry(":method", request.method));
            headers.add(Map.entry(":path", request.path));
            headers.add(Map.entry(":authority", request.authority));
            headers.add(Map.entry(":scheme", "http"));
            request.headers.forEach(h -> headers.add(Map.entry(h.getKey().toLowerCase(Locale.ROOT), h.getValue())));
            byte[] body = request.body;
            if (body.length > 0 && headers.stream().noneMatch(h -> h.getKey().equals("content-length")
                    || h.getKey().equals("transfer-encoding"))) {
                headers.add(Map.entry("content-length", Integer.toString(body.length))); // as a client frames it
            }
            boolean fullDuplex = current.getRequestBodyMode() == BodySendMode.FULL_DUPLEX_STREAMED;
            if (current.getRequestHeaderMode() != HeaderSendMode.SKIP) {
                send(ProcessingRequest.newBuilder().setRequestHeaders(HttpHeaders.newBuilder()
                        .setHeaders(toEnvoy(headers)).setEndOfStream(body.length == 0)));
                if (!fullDuplex || body.length == 0) {
                    if (!await(headers, null)) {
                        return result(null, null, null, null);
                    }
                }
            }
            if (body.length > 0 && current.getRequestBodyMode() != BodySendMode.NONE) {
                BodySendMode bodyMode = current.getRequestBodyMode();
                HeaderSendMode headerMode = current.getRequestHeaderMode();
                body = requestBody(headers, body);
                if (body == null) {
                    return result(null, null, null, null);
                }
                if (!framingHolds(headers, body, bodyMode, headerMode)) {
                    return result(null, null, null, null);
                }
            }
            Map<String, String> lb = lbMetadata();
            Upstream.Answer answer = upstream.send(request.method, headers, body, lb);
            List<Map.Entry<String, String>> responseHeaders = new ArrayList<>(answer.headers());
            boolean responseLengthKept = current.getResponseBodyMode() == BodySendMode.BUFFERED
                    && current.getResponseHeaderMode() == HeaderSendMode.SEND;
            if (!responseLengthKept) {
                responseHeaders.removeIf(h -> h.getKey().equalsIgnoreCase("content-length"));
            }
            List<Map.Entry<String, String>> withStatus = new ArrayList<>();
            withStatus.add(Map.entry(":status", Integer.toString(answer.status())));
            withStatus.addAll(responseHeaders);
            byte[] responseBody = answer.body();
            if (current.getResponseHeaderMode() == HeaderSendMode.SEND) {
                send(ProcessingRequest.newBuilder().setResponseHeaders(HttpHeaders.newBuilder()
                        .setHeaders(toEnvoy(withStatus)).setEndOfStream(responseBody.length == 0)));
                if (!await(withStatus, null)) {
                    return result(headers, body, answer, null);
                }
            }
            if (responseBody.length > 0 && current.getResponseBodyMode() == BodySendMode.BUFFERED) {
                send(ProcessingRequest.newBuilder().setResponseBody(HttpBody.newBuilder()
                        .setBody(ByteString.copyFrom(responseBody)).setEndOfStream(true)));
                byte[][] replaced = {responseBody};
                if (!await(withStatus, replaced)) {
                    return result(headers, body, answer, null);
                }
                responseBody = replaced[0];
                if (!framingHolds(withStatus, responseBody, BodySendMode.BUFFERED, HeaderSendMode.SEND)) {
                    return result(headers, body, answer, null);
                }
            }
            stream.onCompleted();
            Object last = inbox.poll(5, TimeUnit.SECONDS);
            if (last instanceof Status s) {
                error = s;
            }
            return result(headers, body, answer, new Downstream(withStatus, responseBody));
        }

        private byte[] requestBody(List<Map.Entry<String, String>> headers, byte[] body) throws InterruptedException {
            BodySendMode bodyMode = current.getRequestBodyMode();
            if (bodyMode == BodySendMode.BUFFERED || bodyMode == BodySendMode.BUFFERED_PARTIAL) {
                send(ProcessingRequest.newBuilder().setRequestBody(HttpBody.newBuilder()
                        .setBody(ByteString.copyFrom(body)).setEndOfStream(true)));
                byte[][] replaced = {body};
                return await(headers, replaced) ? replaced[0] : null;
            }
            List<byte[]> pieces = new ArrayList<>();
            for (int at = 0; at < body.length; at += request.chunkBytes) {
                pieces.add(java.util.Arrays.copyOfRange(body, at, Math.min(body.length, at + request.chunkBytes)));
            }
            ByteArrayOutputStream upstreamBody = new ByteArrayOutputStream();
            if (bodyMode == BodySendMode.STREAMED) {
                for (int i = 0; i < pieces.size(); i++) {
                    send(ProcessingRequest.newBuilder().setRequestBody(HttpBody.newBuilder()
                            .setBody(ByteString.copyFrom(pieces.get(i))).setEndOfStream(i == pieces.size() - 1)));
                    byte[][] replaced = {pieces.get(i)};
                    if (!await(headers, replaced)) {
                        return null;
                    }
                    upstreamBody.writeBytes(replaced[0]);
                }
                return upstreamBody.toByteArray();
            }
            // FULL_DUPLEX_STREAMED: everything goes out at once; the processor answers in its own time.
            for (int i = 0; i < pieces.size(); i++) {
                send(ProcessingRequest.newBuilder().setRequestBody(HttpBody.newBuilder()
                        .setBody(ByteString.copyFrom(pieces.get(i))).setEndOfStream(i == pieces.size() - 1)));
            }
            if (!await(headers, null)) {
                return null;
            }
            while (true) {
                Object next = inbox.poll(5, TimeUnit.SECONDS);
                if (!(next instanceof ProcessingResponse r) || !r.hasRequestBody()) {
                    fail(next);
                    return null;
                }
                replies.add(r);
                var streamed = r.getRequestBody().getResponse().getBodyMutation().getStreamedResponse();
                upstreamBody.writeBytes(streamed.getBody().toByteArray());
                if (streamed.getEndOfStream()) {
                    return upstreamBody.toByteArray();
                }
            }
        }

        /**
         * Envoy's content-length rules for a processed body (1.29 on): in STREAMED, BUFFERED_PARTIAL
         * and FULL_DUPLEX_STREAMED, or BUFFERED without the headers message, it drops the length and
         * re-frames the body; in BUFFERED with headers it keeps the length, and a body of another
         * size is refused with a local 500 (here: false, with the error recorded).
         */
        private boolean framingHolds(List<Map.Entry<String, String>> headers, byte[] body, BodySendMode bodyMode,
                HeaderSendMode headerMode) {
            if (bodyMode != BodySendMode.BUFFERED || headerMode == HeaderSendMode.SKIP) {
                headers.removeIf(h -> h.getKey().equalsIgnoreCase("content-length"));
                return true;
            }
            for (Map.Entry<String, String> h : headers) {
                if (h.getKey().equalsIgnoreCase("content-length") && !h.getValue().equals(Integer.toString(body.length))) {
                    error = Status.INTERNAL.withDescription("envoy: content-length " + h.getValue()
                            + " does not match the mutated body of " + body.length + " bytes");
                    return false;
                }
            }
            return true;
        }

        private void send(ProcessingRequest.Builder message) {
            if (first) {
                message.setProtocolConfig(ProtocolConfiguration.newBuilder()
                        .setRequestBodyMode(current.getRequestBodyMode())
                        .setResponseBodyMode(current.getResponseBodyMode()));
                if (!request.filterMetadata.isEmpty()) {
                    message.setMetadataContext(Metadata.newBuilder().putAllFilterMetadata(request.filterMetadata));
                }
                first = false;
            }
            sent.add(message.getRequestCase().name().toLowerCase(Locale.ROOT));
            stream.onNext(message.build());
        }

        /** Waits for one reply and applies it; false when the exchange ended (immediate or error). */
        private boolean await(List<Map.Entry<String, String>> headers, byte[][] body) throws InterruptedException {
            Object next = inbox.poll(5, TimeUnit.SECONDS);
            if (!(next instanceof ProcessingResponse r)) {
                fail(next);
                return false;
            }
            replies.add(r);
            metadata.mergeFrom(r.getDynamicMetadata());
            if (r.hasModeOverride() && allowModeOverride) {
                // Envoy replaces the whole mode (proto3 defaults included: NONE, SKIP), not a merge.
                current = r.getModeOverride();
            }
            if (r.hasImmediateResponse()) {
                immediate = r;
                return false;
            }
            CommonResponse common = switch (r.getResponseCase()) {
                case REQUEST_HEADERS -> r.getRequestHeaders().getResponse();
                case RESPONSE_HEADERS -> r.getResponseHeaders().getResponse();
                case REQUEST_BODY -> r.getRequestBody().getResponse();
                case RESPONSE_BODY -> r.getResponseBody().getResponse();
                default -> CommonResponse.getDefaultInstance();
            };
            // Envoy applies a body reply's header mutation only while it still holds the headers:
            // BUFFERED and BUFFERED_PARTIAL (in STREAMED they went on after the headers reply).
            BodySendMode bodyMode = switch (r.getResponseCase()) {
                case REQUEST_BODY -> current.getRequestBodyMode();
                case RESPONSE_BODY -> current.getResponseBodyMode();
                default -> null;
            };
            if (bodyMode == null || bodyMode == BodySendMode.BUFFERED || bodyMode == BodySendMode.BUFFERED_PARTIAL) {
                apply(common.getHeaderMutation(), headers);
            }
            if (body != null && common.hasBodyMutation() && common.getBodyMutation().hasBody()) {
                body[0] = common.getBodyMutation().getBody().toByteArray();
            }
            return true;
        }

        private void fail(Object what) {
            error = what instanceof Status s ? s : Status.DEADLINE_EXCEEDED.withDescription("no reply: " + what);
        }

        private Map<String, String> lbMetadata() {
            Map<String, String> out = new LinkedHashMap<>();
            if (metadata.containsFields("envoy.lb")) {
                metadata.getFieldsOrThrow("envoy.lb").getStructValue().getFieldsMap()
                        .forEach((k, v) -> out.put(k, v.getStringValue()));
            }
            return out;
        }

        private EmulatedResult result(List<Map.Entry<String, String>> upstreamHeaders, byte[] upstreamBody,
                Upstream.Answer answer, Downstream downstream) {
            if (stream != null && error == null && immediate == null && downstream == null) {
                stream.onCompleted();
            }
            String echo = answer == null ? null : new String(answer.body(), StandardCharsets.UTF_8);
            if (immediate != null) {
                var i = immediate.getImmediateResponse();
                Map<String, String> ih = new LinkedHashMap<>();
                i.getHeaders().getSetHeadersList().forEach(o -> ih.put(o.getHeader().getKey(), value(o.getHeader())));
                return new EmulatedResult(i.getStatus().getCodeValue(), ih, i.getBody().toByteArray(), null, null, null,
                        metadata.build(), null, replies, i.getStatus().getCodeValue(), null, i.getBody().toByteArray(),
                        sent);
            }
            if (error != null) {
                // failure_mode_allow: false, as recommended: the client gets 500.
                return new EmulatedResult(0, Map.of(), null, upstreamHeaders, upstreamBody, echo, metadata.build(),
                        error, replies, 500, null, null, sent);
            }
            return new EmulatedResult(0, Map.of(), null, upstreamHeaders, upstreamBody, echo, metadata.build(), null,
                    replies, Integer.parseInt(downstream.headers.get(0).getValue()), downstream.headers.subList(1,
                            downstream.headers.size()), downstream.body, sent);
        }
    }

    private record Downstream(List<Map.Entry<String, String>> headers, byte[] body) {
    }

    /** Applies removals, then sets with their append actions, as Envoy's mutation utilities do. */
    static void apply(HeaderMutation mutation, List<Map.Entry<String, String>> headers) {
        for (String removed : mutation.getRemoveHeadersList()) {
            if (!removed.startsWith(":")) {
                headers.removeIf(h -> h.getKey().equalsIgnoreCase(removed));
            }
        }
        for (HeaderValueOption o : mutation.getSetHeadersList()) {
            String name = o.getHeader().getKey().toLowerCase(Locale.ROOT);
            String value = value(o.getHeader());
            switch (o.getAppendAction()) {
                case OVERWRITE_IF_EXISTS_OR_ADD -> {
                    int at = indexOf(headers, name);
                    headers.removeIf(h -> h.getKey().equals(name));
                    headers.add(at < 0 ? headers.size() : Math.min(at, headers.size()), Map.entry(name, value));
                }
                case APPEND_IF_EXISTS_OR_ADD -> headers.add(Map.entry(name, value));
                case ADD_IF_ABSENT -> {
                    if (indexOf(headers, name) < 0) {
                        headers.add(Map.entry(name, value));
                    }
                }
                case OVERWRITE_IF_EXISTS -> {
                    int at = indexOf(headers, name);
                    if (at >= 0) {
                        headers.set(at, Map.entry(name, value));
                    }
                }
                case UNRECOGNIZED -> throw new IllegalStateException("unknown append action");
            }
        }
    }

    private static int indexOf(List<Map.Entry<String, String>> headers, String name) {
        for (int i = 0; i < headers.size(); i++) {
            if (headers.get(i).getKey().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private static String value(HeaderValue h) {
        return h.getRawValue().isEmpty() ? h.getValue() : h.getRawValue().toString(StandardCharsets.ISO_8859_1);
    }

    private static HeaderMap toEnvoy(List<Map.Entry<String, String>> headers) {
        HeaderMap.Builder m = HeaderMap.newBuilder();
        // Envoy sends raw_value (bytes) and leaves value empty.
        headers.forEach(h -> m.addHeaders(HeaderValue.newBuilder().setKey(h.getKey())
                .setRawValue(ByteString.copyFrom(h.getValue(), StandardCharsets.ISO_8859_1))));
        return m.build();
    }
}
