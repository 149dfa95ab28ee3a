package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode;
import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.BodySendMode;
import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.HeaderSendMode;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.extproc.config.ExtProcBuild;
import io.jpraxis.extproc.config.ExtProcBuilder;
import io.jpraxis.extproc.emulator.EmulatedRequest;
import io.jpraxis.extproc.emulator.EmulatedResult;
import io.jpraxis.extproc.emulator.EnvoyEmulator;
import io.jpraxis.extproc.emulator.RunningExtProc;
import io.jpraxis.extproc.emulator.Upstream;
import io.jpraxis.server.boot.GatewayFilters;
import io.jpraxis.server.cli.Main;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every {@code examples/extproc/*.yaml} validates with the ext_proc loader and runs end to end through the Envoy emulator. */
class ExtProcExamplesTest {
    static final Path DIRECTORY = Examples.DIRECTORY.resolve("extproc");
    /** Examples with an end-to-end test in this class; a new one must be added here. */
    private static final Set<String> END_TO_END = Set.of("picker-mode.yaml");

    static List<String> examples() throws IOException {
        try (Stream<Path> files = Files.list(DIRECTORY)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).sorted().toList();
        }
    }

    private static String read(String name) throws IOException {
        return Files.readString(DIRECTORY.resolve(name));
    }

    @ParameterizedTest
    @MethodSource("examples")
    void validates(String name) throws IOException {
        ExtProcBuild build = new ExtProcBuilder(FeatureSet.NONE, RuntimeServices.system(),
                FilterRegistry.withBuiltIns(GatewayFilters.all())).build(read(name));
        assertThat(build.diagnostics().errors()).as(name).isEmpty();
        assertThat(build.ok()).isTrue();
        build.gateway().close();
    }

    @Test
    void everyExtProcExampleHasAnEndToEndTest() throws IOException {
        assertThat(END_TO_END).containsExactlyInAnyOrderElementsOf(examples());
    }

    @Test
    void pickerModeExampleRoutesThroughEnvoyToThePickedOrigin() throws Exception {
        try (TestOrigin a = TestOrigin.start("echo-a"); TestOrigin b = TestOrigin.start("echo-b");
                RunningExtProc extproc = RunningExtProc.start(read("picker-mode.yaml"));
                EnvoyEmulator envoy = extproc.envoy()
                        .mode(ProcessingMode.newBuilder().setRequestHeaderMode(HeaderSendMode.SEND)
                                .setResponseHeaderMode(HeaderSendMode.SKIP).setRequestBodyMode(BodySendMode.NONE).build())
                        .upstream(Upstream.dynamicForwardProxy("x-gateway-destination-endpoint", host -> switch (host) {
                            case "echo-a.svc.cluster.local:8080" -> a.port();
                            case "echo-b.svc.cluster.local:8080" -> b.port();
                            default -> null;
                        }))) {
            EmulatedResult r = envoy.run(EmulatedRequest.get("/v1/models").header("x-gateway-model-name", "model-a")
                    .header("x-gateway-destination-endpoint", "echo-b.svc.cluster.local:8080"));
            assertThat(r.lbMetadata("x-gateway-destination-endpoint")).isEqualTo("echo-a.svc.cluster.local:8080");
            EchoResponse echo = EchoResponse.parse(r.originSaw());
            assertThat(echo.origin()).as("the forged destination (echo-b) did not route").isEqualTo("echo-a");
            assertThat(echo.headers().get("host")).containsExactly("echo-a.svc.cluster.local:8080");
            assertThat(envoy.run(EmulatedRequest.get("/")).immediateStatus()).isEqualTo(503);
        }
    }

    @Test
    void cliValidatesTheExampleAndRefusesABrokenFileListingEveryProblem(@TempDir Path dir) throws IOException {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        Path broken = dir.resolve("broken.yaml");
        Files.writeString(broken, """
                server:
                  picker_mode: yes-please
                  grpc_address: "nowhere"
                filter_chains:
                  - name: main
                    filters:
                      - filter: intelligent_route
                        model_header: x-gateway-model-name
                        candidatez: []
                """);
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            assertThat(Main.run("extproc", "-t", "-c", DIRECTORY.resolve("picker-mode.yaml").toString())).isZero();
            assertThat(Main.run("extproc", "-c", broken.toString(), "--validate")).isEqualTo(1);
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        String text = captured.toString(StandardCharsets.UTF_8);
        assertThat(text).contains("ext_proc configuration is valid");
        assertThat(text).contains("server.picker_mode").contains("server.grpc_address").contains("candidatez");
    }
}
