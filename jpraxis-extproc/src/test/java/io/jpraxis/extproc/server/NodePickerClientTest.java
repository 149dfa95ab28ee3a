package io.jpraxis.extproc.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jpraxis.extproc.emulator.RunningExtProc;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The picker reply as a second, independent client sees it: {@code src/test/node/picker-client.mjs}
 * (gRPC's Node.js stack, Envoy's own .proto files). Skipped when node or the client's
 * node_modules are missing, unless {@code JPRAXIS_REQUIRE_NODE=1} (set by {@code .ci/run}, which
 * installs them), so CI can never skip it silently.
 */
class NodePickerClientTest {
    static final String ROUTE = "x-gateway-destination-endpoint";
    static final Path CLIENT_DIR = Path.of("src/test/node");
    static final Path PROTOS = Path.of("target/envoy-protos");

    @BeforeAll
    static void nodeIsThere() {
        String missing = null;
        if (!runs("node", "--version")) {
            missing = "node is not on the PATH";
        } else if (!Files.isDirectory(CLIENT_DIR.resolve("node_modules/@grpc/grpc-js"))
                || !Files.isDirectory(CLIENT_DIR.resolve("node_modules/@grpc/proto-loader"))) {
            missing = "no node_modules in " + CLIENT_DIR + " (run npm ci there)";
        }
        if (missing != null && "1".equals(System.getenv("JPRAXIS_REQUIRE_NODE"))) {
            fail("JPRAXIS_REQUIRE_NODE=1 but " + missing);
        }
        Assumptions.assumeTrue(missing == null, "Node.js client skipped: " + missing);
        assertThat(PROTOS.resolve("envoy/service/ext_proc/v3/external_processor.proto"))
                .as("the build unpacked Envoy's protos before the tests (maven-dependency-plugin)").exists();
    }

    @Test
    void theExamplesPickIsTheSameInHeaderAndEnvoyLbAndTheForgeryIsGone() throws Exception {
        String example = Files.readString(Path.of("../examples/extproc/picker-mode.yaml"));
        try (RunningExtProc running = RunningExtProc.start(example)) {
            ClientRun run = runClient(running.server().grpcPort());
            assertThat(run.exit()).as("the client found no mismatch; stderr: %s", run.stderr()).isZero();
            JsonNode pick = run.line("pick");
            assertThat(pick.path("set_headers").path(ROUTE).asText()).as("model-a's candidate is set as the route header")
                    .isEqualTo("echo-a.svc.cluster.local:8080");
            assertThat(pick.path("envoy_lb").path(ROUTE).asText()).as("envoy.lb mirrors the header (EPP rule)")
                    .isEqualTo(pick.path("set_headers").path(ROUTE).asText());
            assertThat(pick.path("remove_headers").toString()).as("the client's copy is removed").contains(ROUTE);
            assertThat(run.stdout()).as("the forged value is never echoed").doesNotContain("evil:1");
            JsonNode none = run.line("no-model");
            assertThat(none.path("kind").asText()).isEqualTo("immediate_response");
            assertThat(none.path("status").asInt()).as("no model header: 503 (endpoint-picker rule)").isEqualTo(503);
        }
    }

    @Test
    void theClientReportsAMismatchAgainstAServerThatIsNoPicker() throws Exception {
        // The same client against plain (non-picker) mode: no metadata, no 503; it must notice.
        try (RunningExtProc running = RunningExtProc.start("""
                filter_chains:
                  - name: main
                    filters:
                      - filter: headers
                        request_set: [{ name: x-a, value: "1" }]
                """)) {
            ClientRun run = runClient(running.server().grpcPort());
            assertThat(run.exit()).as("a reply without a pick is a mismatch (exit 1)").isEqualTo(1);
            assertThat(run.stderr()).contains("MISMATCH pick: the route header is set")
                    .contains("MISMATCH pick: envoy.lb holds the same value as the header")
                    .contains("MISMATCH no-model: ImmediateResponse 503");
        }
    }

    private static ClientRun runClient(int port) throws IOException, InterruptedException {
        Path err = Files.createTempFile("picker-client", ".err");
        try {
            Process p = new ProcessBuilder("node", "picker-client.mjs", Integer.toString(port), "127.0.0.1",
                    PROTOS.toAbsolutePath().toString()).directory(CLIENT_DIR.toFile())
                    .redirectError(err.toFile()).start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("the Node.js client did not finish within 60 s");
            }
            return new ClientRun(p.exitValue(), new String(out, StandardCharsets.UTF_8), Files.readString(err));
        } finally {
            Files.deleteIfExists(err);
        }
    }

    private static boolean runs(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    record ClientRun(int exit, String stdout, String stderr) {
        JsonNode line(String name) throws IOException {
            List<JsonNode> found = new ArrayList<>();
            for (String l : stdout.split("\n")) {
                if (!l.isBlank()) {
                    JsonNode n = new ObjectMapper().readTree(l);
                    if (name.equals(n.path("case").asText())) {
                        found.add(n);
                    }
                }
            }
            assertThat(found).as("one %s line in %s", name, stdout).hasSize(1);
            return found.get(0);
        }
    }
}
