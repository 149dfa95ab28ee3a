package io.jpraxis.extproc.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.BodySendMode;
import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.HeaderSendMode;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingResponse;
import io.grpc.Status;
import io.jpraxis.extproc.emulator.EmulatedRequest;
import io.jpraxis.extproc.emulator.EmulatedResult;
import io.jpraxis.extproc.emulator.EnvoyEmulator;
import io.jpraxis.extproc.emulator.RunningExtProc;
import io.jpraxis.extproc.emulator.Upstream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Non-picker mode through each of Envoy's body modes, the response phases and local answers. */
class ProcessingModesTest {
    /**
     * Only the body-read promotion: in STREAMED mode a header change made after the body cannot
     * reach Envoy, so these streams work only while the pipeline changes no header.
     */
    static final String PROMOTE_CONFIG = """
            filter_chains:
              - name: promote
                filters:
                  - filter: json_body_field
                    field: model
                    header: x-model
            """;
    /** The promotion, then header rules on both sides and a local answer. */
    static final String BODY_CONFIG = PROMOTE_CONFIG + """
              - name: tidy
                filters:
                  - filter: headers
                    request_remove: [x-internal]
                    request_set:
                      - { name: x-seen-by, value: jpraxis }
                    response_set:
                      - { name: x-served-by, value: jpraxis }
                    response_remove: [server]
                  - filter: static_response
                    conditions:
                      - when: { path_prefix: /blocked }
                    status: 403
                    body: "blocked\\n"
            """;
    static final String HEADER_CONFIG = """
            filter_chains:
              - name: main
                filters:
                  - filter: headers
                    request_set:
                      - { name: x-seen-by, value: jpraxis }
            """;
    static final byte[] JSON = "{\"model\":\"llama-70b\",\"messages\":[]}".getBytes(StandardCharsets.UTF_8);
    /** A body the pipeline reads but changes no header for (no model to promote). */
    static final byte[] NO_MODEL = "{\"messages\":[{\"role\":\"user\"}]}".getBytes(StandardCharsets.UTF_8);

    static RunningExtProc bodies;
    static RunningExtProc headersOnly;
    static RunningExtProc promoteOnly;

    @BeforeAll
    static void start() {
        bodies = RunningExtProc.start(BODY_CONFIG);
        headersOnly = RunningExtProc.start(HEADER_CONFIG);
        promoteOnly = RunningExtProc.start(PROMOTE_CONFIG);
    }

    @AfterAll
    static void stop() {
        bodies.close();
        headersOnly.close();
        promoteOnly.close();
    }

    private static EnvoyEmulator envoy(RunningExtProc server, BodySendMode requestBody) {
        return server.envoy().mode(EnvoyEmulator.mode(requestBody, HeaderSendMode.SEND, BodySendMode.NONE))
                .upstream(Upstream.canned(200, List.of(Map.entry("server", "origin/1"),
                        Map.entry("content-type", "text/plain")), "hello"));
    }

    @Test
    void bufferedBodyPromotesTheModelAndCarriesTheMutationOnTheBodyReply() throws Exception {
        try (EnvoyEmulator envoy = envoy(bodies, BodySendMode.BUFFERED)) {
            EmulatedResult r = envoy.run(EmulatedRequest.post("/v1/chat", JSON).header("x-internal", "secret")
                    .header("x-model", "forged"));
            assertThat(r.grpcError()).isNull();
            assertThat(r.sent()).containsExactly("request_headers", "request_body", "response_headers");
            var headersReply = r.replies().get(0).getRequestHeaders().getResponse().getHeaderMutation();
            assertThat(headersReply.getSetHeadersCount()).as("the headers reply waits for the body's decision").isZero();
            assertThat(headersReply.getRemoveHeadersList()).as("but strips the client's copy of an owned header")
                    .containsExactly("x-model");
            assertThat(r.upstreamHeader("x-model")).as("promoted from the body, not the client's copy")
                    .isEqualTo("llama-70b");
            assertThat(r.replies().get(1).getRequestBody().getResponse().getClearRouteCache())
                    .as("the decision's headers may match another route").isTrue();
            assertThat(r.upstreamHeader("x-seen-by")).isEqualTo("jpraxis");
            assertThat(r.upstreamHeader("x-internal")).as("a filter's removal reaches Envoy").isNull();
            assertThat(r.upstreamBody()).as("the body goes on unchanged").isEqualTo(JSON);
            assertThat(r.downstreamHeader("x-served-by")).as("response header filters ran").isEqualTo("jpraxis");
            assertThat(r.downstreamHeader("server")).as("response removal diffed").isNull();
        }
    }

    @Test
    void streamedBodyGetsAReplyPerChunk() throws Exception {
        try (EnvoyEmulator envoy = envoy(promoteOnly, BodySendMode.STREAMED)) {
            EmulatedResult r = envoy.run(EmulatedRequest.post("/v1/chat", NO_MODEL).chunkBytes(8));
            int chunks = (NO_MODEL.length + 7) / 8;
            assertThat(r.grpcError()).isNull();
            assertThat(r.sent().stream().filter("request_body"::equals).count()).isEqualTo(chunks);
            assertThat(r.replies().stream().filter(ProcessingResponse::hasRequestBody).count())
                    .as("one reply per streamed piece").isEqualTo(chunks);
            assertThat(r.upstreamBody()).isEqualTo(NO_MODEL);
            assertThat(r.replies().get(0).getRequestHeaders().getResponse().hasHeaderMutation()).isFalse();
            assertThat(r.replies().get(0).getRequestHeaders().getResponse().getClearRouteCache())
                    .as("nothing changed, so the route stands").isFalse();
        }
    }

    @Test
    void aForgedOwnedHeaderIsStrippedBeforeAStreamedBodyGoesOn() throws Exception {
        try (EnvoyEmulator envoy = envoy(promoteOnly, BodySendMode.STREAMED)) {
            EmulatedResult r = envoy.run(EmulatedRequest.post("/v1/chat", NO_MODEL).chunkBytes(8)
                    .header("x-model", "forged"));
            assertThat(r.grpcError()).isNull();
            assertThat(r.upstreamHeader("x-model")).as("stripped on the headers reply, which Envoy applies")
                    .isNull();
        }
    }

    @Test
    void aHeaderDecisionOnAStreamedBodyIsRefusedNotLost() throws Exception {
        try (EnvoyEmulator envoy = envoy(promoteOnly, BodySendMode.STREAMED)) {
            EmulatedResult r = envoy.run(EmulatedRequest.post("/v1/chat", JSON).chunkBytes(8));
            assertThat(r.grpcError()).as("Envoy would drop the promoted x-model; the stream fails instead")
                    .isNotNull();
            assertThat(r.grpcError().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
            assertThat(r.grpcError().getDescription()).contains("STREAMED", "BUFFERED");
            assertThat(r.downstreamStatus()).isEqualTo(500);
        }
    }

    @Test
    void bufferedPartialDecidesOnTheFirstBodyMessage() throws Exception {
        try (EnvoyEmulator envoy = envoy(bodies, BodySendMode.BUFFERED_PARTIAL)) {
            EmulatedResult r = envoy.run(EmulatedRequest.post("/v1/chat", JSON));
            assertThat(r.grpcError()).isNull();
            assertThat(r.upstreamHeader("x-model")).isEqualTo("llama-70b");
        }
    }

    @Test
    void fullDuplexBodyComesBackInPiecesBelowTheMessageLimit() throws Exception {
        byte[] big = new byte[200_000];
        Arrays.fill(big, (byte) 'a');
        try (EnvoyEmulator envoy = envoy(bodies, BodySendMode.FULL_DUPLEX_STREAMED)) {
            EmulatedResult r = envoy.run(EmulatedRequest.post("/upload", big).chunkBytes(50_000));
            assertThat(r.grpcError()).isNull();
            assertThat(r.upstreamBody()).as("every byte came back, in order").isEqualTo(big);
            List<ProcessingResponse> pieces = r.replies().stream().filter(ProcessingResponse::hasRequestBody).toList();
            assertThat(pieces).hasSize(4); // ceil(200000 / 63488)
            assertThat(pieces).allMatch(p -> p.getRequestBody().getResponse().getBodyMutation().getStreamedResponse()
                    .getBody().size() <= 63_488);
        }
    }

    @Test
    void aPipelineWithoutBodyFiltersDecidesOnHeaders() throws Exception {
        try (EnvoyEmulator envoy = envoy(headersOnly, BodySendMode.STREAMED)) {
            EmulatedResult r = envoy.run(EmulatedRequest.post("/", JSON).chunkBytes(10));
            assertThat(r.replies().get(0).getRequestHeaders().getResponse().getHeaderMutation().getSetHeadersList())
                    .as("the mutation is on the headers reply").anyMatch(h -> h.getHeader().getKey().equals("x-seen-by"));
            assertThat(r.replies().get(0).getRequestHeaders().getResponse().getClearRouteCache())
                    .as("changed headers may match another route").isTrue();
            assertThat(r.upstreamHeader("x-seen-by")).isEqualTo("jpraxis");
            assertThat(r.upstreamBody()).isEqualTo(JSON);
        }
    }

    @Test
    void aFilterAnswerBecomesAnImmediateResponse() throws Exception {
        try (EnvoyEmulator envoy = envoy(bodies, BodySendMode.NONE)) {
            EmulatedResult r = envoy.run(EmulatedRequest.get("/blocked"));
            assertThat(r.immediateStatus()).isEqualTo(403);
            assertThat(r.immediateBodyText()).isEqualTo("blocked\n");
            assertThat(r.immediateHeaders()).as("response filters ran on the local answer too")
                    .containsEntry("x-served-by", "jpraxis");
        }
    }

    @Test
    void reservedHeaderIsRefusedWithJson400() throws Exception {
        try (EnvoyEmulator envoy = envoy(headersOnly, BodySendMode.NONE)) {
            EmulatedResult r = envoy.run(EmulatedRequest.get("/").header("X-Praxis-Model", "x"));
            assertThat(r.immediateStatus()).isEqualTo(400);
            assertThat(r.immediateHeaders()).containsEntry("content-type", "application/problem+json");
            assertThat(r.immediateBodyText()).startsWith("{\"type\":\"about:blank\",");
        }
    }

    @Test
    void bodyOverTenMebibytesIsResourceExhausted() throws Exception {
        byte[] huge = new byte[10 * 1024 * 1024 + 1];
        try (EnvoyEmulator envoy = envoy(bodies, BodySendMode.STREAMED)) {
            EmulatedResult r = envoy.run(EmulatedRequest.post("/", huge).chunkBytes(1024 * 1024));
            assertThat(r.grpcError()).isNotNull();
            assertThat(r.grpcError().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
            assertThat(r.downstreamStatus()).as("fail closed: Envoy answers 500").isEqualTo(500);
        }
    }
}
