package io.jpraxis.extproc.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.BodySendMode;
import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.HeaderSendMode;
import io.grpc.Status;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.DeclaredHttpFilter;
import io.jpraxis.core.pipeline.Declares;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.OneStepFactory;
import io.jpraxis.extproc.emulator.EmulatedRequest;
import io.jpraxis.extproc.emulator.EmulatedResult;
import io.jpraxis.extproc.emulator.EnvoyEmulator;
import io.jpraxis.extproc.emulator.RunningExtProc;
import io.jpraxis.extproc.emulator.Upstream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A filter that refuses the response after Envoy has it cannot answer with an ImmediateResponse any
 * more; the stream ends with gRPC ABORTED instead (see docs/behaviour/ext-proc.md#phases).
 */
class ResponsePhaseAbortTest {
    static final String CONFIG = """
            filter_chains:
              - name: main
                filters:
                  - filter: headers
                    request_set: [{ name: x-seen-by, value: jpraxis }]
                  - filter: refuse_response
                    at: %s
            """;

    @Test
    void aResponseHeaderRefusalEndsTheStreamWithAborted() throws Exception {
        try (RunningExtProc server = RunningExtProc.start(CONFIG.formatted("headers"), new RefuseResponse());
                EnvoyEmulator envoy = server.envoy()
                        .mode(EnvoyEmulator.mode(BodySendMode.NONE, HeaderSendMode.SEND, BodySendMode.NONE))
                        .upstream(Upstream.canned(200, List.of(Map.entry("x-up", "1")), "fine"))) {
            EmulatedResult r = envoy.run(EmulatedRequest.get("/"));
            assertThat(r.upstreamHeader("x-seen-by")).as("the request phase ran and was forwarded").isEqualTo("jpraxis");
            assertThat(r.sent()).as("the refusal came on the response headers").contains("response_headers");
            assertThat(r.grpcError()).as("the stream ended with an error").isNotNull();
            assertThat(r.grpcError().getCode()).as("a response-phase refusal is ABORTED, not an ImmediateResponse")
                    .isEqualTo(Status.Code.ABORTED);
            assertThat(r.replies()).as("only the request headers were answered")
                    .noneMatch(reply -> reply.hasResponseHeaders() || reply.hasImmediateResponse());
        }
    }

    @Test
    void aResponseBodyRefusalEndsTheStreamWithAborted() throws Exception {
        try (RunningExtProc server = RunningExtProc.start(CONFIG.formatted("body"), new RefuseResponse());
                EnvoyEmulator envoy = server.envoy()
                        .mode(EnvoyEmulator.mode(BodySendMode.NONE, HeaderSendMode.SEND, BodySendMode.BUFFERED))
                        .upstream(Upstream.canned(200, List.of(Map.entry("x-up", "1")), "secret body"))) {
            EmulatedResult r = envoy.run(EmulatedRequest.get("/"));
            assertThat(r.sent()).contains("response_headers", "response_body");
            assertThat(r.grpcError()).isNotNull();
            assertThat(r.grpcError().getCode()).isEqualTo(Status.Code.ABORTED);
            assertThat(r.replies()).as("the response headers passed; the body was never answered")
                    .anyMatch(reply -> reply.hasResponseHeaders()).noneMatch(reply -> reply.hasResponseBody());
        }
    }

    /** {@code refuse_response} ({@code at: headers | body}) rejects the response with 502 there. */
    static final class RefuseResponse implements OneStepFactory {
        @Override
        public String type() {
            return "refuse_response";
        }

        @Override
        public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
            boolean atBody = "body".equals(options.requiredString("at"));
            options.finish();
            return Optional.of(new DeclaredHttpFilter() {
                @Override
                public FilterDeclaration declaration() {
                    return Declares.hooks(this, FilterDeclaration.NONE).withResponseBody(atBody ? BodyAccess.READ_ONLY : BodyAccess.NONE, BodyMode.STREAM).withResponseHook(!atBody);
                }

                @Override
                public String type() {
                    return "refuse_response";
                }

                @Override
                public Object config() {
                    return atBody ? "body" : "headers";
                }

                @Override
                public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
                    return atBody ? FilterAction.CONTINUE : FilterAction.reject(502, "response refused");
                }
                @Override
                public FilterAction onResponseBody(RequestContext ctx, BodyChunk body) {
                    return FilterAction.reject(502, "response body refused");
                }
            });
        }
    }
}
