package io.jpraxis.extproc.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.BodySendMode;
import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.HeaderSendMode;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingResponse;
import io.grpc.Status;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
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
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A body the processor replaces with one of another size carries its own content-length where
 * Envoy keeps the old one (BUFFERED body, headers sent): Envoy refuses a body whose size differs
 * from the length it holds with a local 500. Where Envoy drops the length itself, nothing is added.
 * A pre-read rewrite (the whole body read before the decision) is checked in each body mode.
 */
class ReplacedBodyLengthTest {
    private static final String CONFIG = """
            filter_chains:
              - name: main
                filters:
                  - filter: append_to_bodies
                    suffix: "-and-some-more"
            """;
    private static final String PRE_READ_CONFIG = """
            filter_chains:
              - name: main
                filters:
                  - filter: append_to_whole_body
                    suffix: "-and-some-more"
            """;
    private static final String SUFFIX = "-and-some-more";
    private static RunningExtProc server;
    /** A pipeline that reads the whole request body before it decides, and rewrites it (pre-read). */
    private static RunningExtProc preReading;

    @BeforeAll
    static void start() {
        server = RunningExtProc.start(CONFIG, new AppendToBodies());
        preReading = RunningExtProc.start(PRE_READ_CONFIG, new AppendToBodies("append_to_whole_body"));
    }

    @AfterAll
    static void stop() {
        server.close();
        preReading.close();
    }

    @ParameterizedTest
    @EnumSource(value = BodySendMode.class, names = {"BUFFERED", "BUFFERED_PARTIAL", "STREAMED", "FULL_DUPLEX_STREAMED"})
    void aPreReadRewriteOfAnotherSizeReachesTheOriginUnderAMatchingLengthInEveryBodyMode(BodySendMode mode)
            throws Exception {
        byte[] body = "{\"prompt\":\"hi\"}".getBytes(StandardCharsets.UTF_8);
        int grown = body.length + SUFFIX.length();
        try (EnvoyEmulator envoy = preReading.envoy()
                .mode(EnvoyEmulator.mode(mode, HeaderSendMode.SKIP, BodySendMode.NONE))
                .upstream(Upstream.canned(200, List.of(), "ok"))) {
            EmulatedResult r = envoy.run(EmulatedRequest.post("/v1/chat", body));
            assertThat(r.grpcError()).as("Envoy accepted the rewritten body in %s", mode).isNull();
            assertThat(new String(r.upstreamBody(), StandardCharsets.UTF_8)).isEqualTo("{\"prompt\":\"hi\"}" + SUFFIX);
            assertThat(r.upstreamHeader("content-length")).as("the client's length of %d is not what goes on", body.length)
                    .isIn(null, Integer.toString(grown));
        }
    }

    @Test
    void aPreReadRewriteOfABodyStreamedInSeveralPiecesIsRefusedAsAPreconditionNamingTheFix() throws Exception {
        byte[] body = "abcdefghijklmnop".getBytes(StandardCharsets.UTF_8);
        try (EnvoyEmulator envoy = preReading.envoy()
                .mode(EnvoyEmulator.mode(BodySendMode.STREAMED, HeaderSendMode.SKIP, BodySendMode.NONE))
                .upstream(Upstream.canned(200, List.of(), "ok"))) {
            EmulatedResult r = envoy.run(EmulatedRequest.post("/upload", body).chunkBytes(4));
            assertThat(r.grpcError()).as("the earlier pieces went on unchanged: the replacement cannot be applied")
                    .isNotNull();
            assertThat(r.grpcError().getCode()).as("a configuration the operator can fix, not a processor fault")
                    .isEqualTo(Status.Code.FAILED_PRECONDITION);
            assertThat(r.grpcError().getDescription()).contains("STREAMED").contains("BUFFERED");
            assertThat(r.upstreamBody()).as("nothing reached the origin").isNull();
        }
    }

    private static List<String> lengthsSet(List<ProcessingResponse> replies) {
        return replies.stream().filter(r -> r.hasRequestBody() || r.hasResponseBody())
                .map(r -> r.hasRequestBody() ? r.getRequestBody().getResponse() : r.getResponseBody().getResponse())
                .flatMap(c -> c.getHeaderMutation().getSetHeadersList().stream())
                .filter(o -> o.getHeader().getKey().equals("content-length"))
                .map(o -> o.getHeader().getRawValue().toStringUtf8()).toList();
    }

    @Test
    void aBufferedRequestBodyOfAnotherSizeCarriesItsLength() throws Exception {
        byte[] body = "{\"prompt\":\"hi\"}".getBytes(StandardCharsets.UTF_8);
        int grown = body.length + SUFFIX.length();
        try (EnvoyEmulator envoy = server.envoy()
                .mode(EnvoyEmulator.mode(BodySendMode.BUFFERED, HeaderSendMode.SKIP, BodySendMode.NONE))
                .upstream(Upstream.canned(200, List.of(), "ok"))) {
            EmulatedResult r = envoy.run(EmulatedRequest.post("/v1/chat", body));
            assertThat(r.grpcError()).as("Envoy accepted the mutated body").isNull();
            assertThat(r.upstreamBody()).hasSize(grown);
            assertThat(r.upstreamHeader("content-length")).isEqualTo(Integer.toString(grown));
            assertThat(lengthsSet(r.replies())).containsExactly(Integer.toString(grown));
        }
    }

    @Test
    void aBufferedResponseBodyOfAnotherSizeCarriesItsLength() throws Exception {
        try (EnvoyEmulator envoy = server.envoy()
                .mode(EnvoyEmulator.mode(BodySendMode.NONE, HeaderSendMode.SEND, BodySendMode.BUFFERED))
                .upstream(Upstream.canned(200, List.of(Map.entry("content-type", "text/plain"),
                        Map.entry("content-length", "5")), "hello"))) {
            EmulatedResult r = envoy.run(EmulatedRequest.get("/"));
            assertThat(r.grpcError()).as("Envoy accepted the mutated body").isNull();
            assertThat(new String(r.downstreamBody(), StandardCharsets.UTF_8)).isEqualTo("hello" + SUFFIX);
            assertThat(r.downstreamHeader("content-length")).isEqualTo(Integer.toString(5 + SUFFIX.length()));
        }
    }

    @Test
    void whereEnvoyDropsTheLengthNoneIsAdded() throws Exception {
        byte[] body = "abcdefghijklmnop".getBytes(StandardCharsets.UTF_8);
        try (EnvoyEmulator envoy = server.envoy()
                .mode(EnvoyEmulator.mode(BodySendMode.STREAMED, HeaderSendMode.SEND, BodySendMode.STREAMED))
                .upstream(Upstream.canned(200, List.of(Map.entry("content-length", "5")), "hello"))) {
            EmulatedResult r = envoy.run(EmulatedRequest.post("/upload", body).chunkBytes(4));
            assertThat(r.grpcError()).isNull();
            assertThat(r.upstreamHeader("content-length")).as("re-framed by Envoy").isNull();
            assertThat(lengthsSet(r.replies())).as("streamed pieces carry no length").isEmpty();
        }
    }

    /** {@code append_to_bodies} ({@code suffix}): every request and response body piece gets the suffix. */
    static final class AppendToBodies implements OneStepFactory {
        private final String type;

        AppendToBodies() {
            this("append_to_bodies");
        }

        /** {@code append_to_whole_body}: the same, over the whole request body read before the decision. */
        AppendToBodies(String type) {
            this.type = type;
        }

        @Override
        public String type() {
            return type;
        }

        @Override
        public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
            byte[] suffix = options.requiredString("suffix").getBytes(StandardCharsets.UTF_8);
            options.finish();
            boolean whole = !type.equals("append_to_bodies");
            return Optional.of(new DeclaredHttpFilter() {
                @Override
                public FilterDeclaration declaration() {
                    return Declares.hooks(this, FilterDeclaration.NONE).withRequestBody(BodyAccess.READ_WRITE, whole ? new BodyMode.StreamBuffer(1024L * 1024) : BodyMode.STREAM).withResponseBody(BodyAccess.READ_WRITE, BodyMode.STREAM);
                }

                @Override
                public String type() {
                    return type;
                }
                @Override
                public Object config() {
                    return new String(suffix, StandardCharsets.UTF_8);
                }
                @Override
                public FilterAction onRequestBody(RequestContext ctx, BodyChunk body) {
                    return append(body);
                }

                @Override
                public FilterAction onResponseBody(RequestContext ctx, BodyChunk body) {
                    return append(body);
                }

                private FilterAction append(BodyChunk body) {
                    byte[] old = body.toByteArray();
                    ByteBuffer grown = ByteBuffer.allocate(old.length + suffix.length).put(old).put(suffix).flip();
                    body.replace(grown);
                    return FilterAction.CONTINUE;
                }
            });
        }
    }
}
