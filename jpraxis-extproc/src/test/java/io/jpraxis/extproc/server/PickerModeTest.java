package io.jpraxis.extproc.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ListValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode;
import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.BodySendMode;
import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.HeaderSendMode;
import io.jpraxis.extproc.emulator.EmulatedRequest;
import io.jpraxis.extproc.emulator.EmulatedResult;
import io.jpraxis.extproc.emulator.EnvoyEmulator;
import io.jpraxis.extproc.emulator.RunningExtProc;
import io.jpraxis.extproc.emulator.Upstream;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.TestOrigin;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The seed's topology end to end: Envoy (emulated) → picker → envoy.lb → dynamic forward proxy → origin. */
class PickerModeTest {
    static final String ROUTE = "x-gateway-destination-endpoint";
    static final String CONFIG = """
            server:
              picker_mode: true
            filter_chains:
              - name: main
                filters:
                  - filter: intelligent_route
                    model_header: x-gateway-model-name
                    route_header: x-gateway-destination-endpoint
                    local_site: hub
                    candidates:
                      - { kind: inference_model, name: model-a, site: hub, cluster: "echo-a.svc.cluster.local:8080" }
                      - { kind: inference_model, name: model-b, site: hub, cluster: "echo-b.svc.cluster.local:8080" }
                      - { kind: inference_model, name: model-c, site: hub, cluster: "10.0.0.1:8000" }
                      - { kind: inference_model, name: model-c, site: hub, cluster: "10.0.0.2:8000" }
            """;

    static TestOrigin originA;
    static TestOrigin originB;
    static RunningExtProc extproc;

    @BeforeAll
    static void start() {
        originA = TestOrigin.start("echo-a");
        originB = TestOrigin.start("echo-b");
        extproc = RunningExtProc.start(CONFIG);
    }

    @AfterAll
    static void stop() {
        extproc.close();
        originA.close();
        originB.close();
    }

    /** Envoy as the seed configures it: request headers only, envoy.lb accepted, mode_override allowed. */
    static EnvoyEmulator envoy() {
        return envoy(extproc, originA, originB);
    }

    /** As {@link #envoy()}, against {@code extproc} with the two picker origins given. */
    static EnvoyEmulator envoy(RunningExtProc extproc, TestOrigin originA, TestOrigin originB) {
        return extproc.envoy().mode(ProcessingMode.newBuilder().setRequestHeaderMode(HeaderSendMode.SEND)
                        .setRequestBodyMode(BodySendMode.BUFFERED).setResponseHeaderMode(HeaderSendMode.SEND).build())
                .allowModeOverride(true)
                .upstream(Upstream.dynamicForwardProxy(ROUTE, host -> switch (host) {
                    case "echo-a.svc.cluster.local:8080" -> originA.port();
                    case "echo-b.svc.cluster.local:8080" -> originB.port();
                    default -> null;
                }));
    }

    @Test
    void picksMirrorsAndForwardsToThePickedOriginWithoutTheForgedHeader() throws Exception {
        try (EnvoyEmulator envoy = envoy()) {
            EmulatedResult r = envoy.run(EmulatedRequest.post("/v1/chat", "{\"x\":1}".getBytes(StandardCharsets.UTF_8))
                    .header("x-gateway-model-name", "model-b")
                    .header("X-Gateway-Destination-Endpoint", "evil.attacker:443"));
            assertThat(r.grpcError()).as("the stream ended cleanly").isNull();
            assertThat(r.lbMetadata(ROUTE)).as("envoy.lb carries the pick").isEqualTo("echo-b.svc.cluster.local:8080");
            assertThat(r.upstreamHeader(ROUTE)).as("header and metadata are identical (EPP rule)")
                    .isEqualTo(r.lbMetadata(ROUTE));
            assertThat(r.upstreamHeaders().stream().filter(h -> h.getKey().equalsIgnoreCase(ROUTE)).count())
                    .as("the forged copy is gone: one value only").isEqualTo(1);
            assertThat(r.sent()).as("mode_override: no body or response phase was sent")
                    .containsExactly("request_headers");
            assertThat(r.replies()).hasSize(1);
            assertThat(r.replies().get(0).getRequestHeaders().getResponse().getHeaderMutation().getRemoveHeadersList())
                    .as("the client's copy is removed explicitly").contains(ROUTE);
            EchoResponse echo = EchoResponse.parse(r.originSaw());
            assertThat(echo.origin()).as("forwarded to the picked origin").isEqualTo("echo-b");
            assertThat(echo.headers().get("host")).containsExactly("echo-b.svc.cluster.local:8080");
            assertThat(echo.headers().get(ROUTE)).as("the origin sees the pick, not the forgery")
                    .containsExactly("echo-b.svc.cluster.local:8080");
        }
    }

    @Test
    void withoutTheModelHeaderAnswers503AndStripsTheForgery() throws Exception {
        try (EnvoyEmulator envoy = envoy()) {
            EmulatedResult r = envoy.run(EmulatedRequest.get("/").header(ROUTE, "echo-a.svc.cluster.local:8080"));
            assertThat(r.immediateStatus()).as("no decision is a 503 (endpoint-picker rule)").isEqualTo(503);
            assertThat(r.lbMetadata(ROUTE)).as("no metadata without a pick").isNull();
            assertThat(r.immediateBodyText()).contains("\"detail\"");
            assertThat(originA.requestCount() + originB.requestCount()).as("nothing reached an origin").isZero();
        }
    }

    @Test
    void unknownModelIs503NotTheFilters404() throws Exception {
        try (EnvoyEmulator envoy = envoy()) {
            EmulatedResult r = envoy.run(EmulatedRequest.get("/").header("x-gateway-model-name", "no-such-model"));
            assertThat(r.immediateStatus()).isEqualTo(503);
        }
    }

    @Test
    void otherRejectionsKeepTheirStatus() throws Exception {
        try (EnvoyEmulator envoy = envoy()) {
            EmulatedResult r = envoy.run(EmulatedRequest.get("/").header("x-praxis-debug", "1")
                    .header("x-gateway-model-name", "model-a"));
            assertThat(r.immediateStatus()).as("a reserved header is refused with 400 (docs/behaviour/routing-headers.md#reserved-header-prefixes)").isEqualTo(400);
        }
    }

    @Test
    void subsetHintRestrictsThePick() throws Exception {
        try (EnvoyEmulator envoy = envoy()) {
            for (int i = 0; i < 3; i++) {
                EmulatedResult r = envoy.run(EmulatedRequest.get("/").header("x-gateway-model-name", "model-c")
                        .filterMetadata("envoy.lb.subset_hint", subset("10.0.0.2:8000")));
                assertThat(r.replies().get(0).hasImmediateResponse()).isFalse();
                assertThat(r.lbMetadata(ROUTE)).as("only the hinted endpoint may be picked").isEqualTo("10.0.0.2:8000");
            }
            EmulatedResult free = envoy.run(EmulatedRequest.get("/").header("x-gateway-model-name", "model-c"));
            assertThat(free.lbMetadata(ROUTE)).as("without a hint the first candidate wins (deterministic)")
                    .isEqualTo("10.0.0.1:8000");
        }
    }

    @Test
    void subsetHintWithNoEligibleMemberIs503() throws Exception {
        try (EnvoyEmulator envoy = envoy()) {
            EmulatedResult none = envoy.run(EmulatedRequest.get("/").header("x-gateway-model-name", "model-c")
                    .filterMetadata("envoy.lb.subset_hint", subset("192.168.9.9:1")));
            assertThat(none.immediateStatus()).isEqualTo(503);
            EmulatedResult empty = envoy.run(EmulatedRequest.get("/").header("x-gateway-model-name", "model-c")
                    .filterMetadata("envoy.lb.subset_hint", subset()));
            assertThat(empty.immediateStatus()).as("an empty subset admits nothing").isEqualTo(503);
        }
    }

    @Test
    void laterPhasesAreAnsweredAsPassThroughWhenEnvoyIgnoresTheOverride() throws Exception {
        try (EnvoyEmulator envoy = envoy().allowModeOverride(false)
                .upstream(Upstream.canned(201, List.of(Map.entry("x-up", "1")), "created"))) {
            EmulatedResult r = envoy.run(EmulatedRequest.post("/", "body".getBytes(StandardCharsets.UTF_8))
                    .header("x-gateway-model-name", "model-a"));
            assertThat(r.sent()).containsExactly("request_headers", "request_body", "response_headers");
            assertThat(r.grpcError()).isNull();
            assertThat(r.upstreamBody()).as("the body passes unchanged").isEqualTo("body".getBytes(StandardCharsets.UTF_8));
            assertThat(r.downstreamStatus()).isEqualTo(201);
            assertThat(r.replies().get(2).getResponseHeaders().getResponse().hasHeaderMutation()).isFalse();
        }
    }

    private static Struct subset(String... endpoints) {
        ListValue.Builder list = ListValue.newBuilder();
        for (String e : endpoints) {
            list.addValues(Value.newBuilder().setStringValue(e));
        }
        return Struct.newBuilder().putFields("x-gateway-destination-endpoint-subset",
                Value.newBuilder().setListValue(list).build()).build();
    }
}
