package io.jpraxis.deploy;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The second half of the strict check: {@code src/test/node-k8s/validate.mjs} runs the validators
 * the kubernetes-models npm packages generate from the Kubernetes OpenAPI spec and from the
 * Prometheus Operator's CRDs (types, enums, formats, required fields, where {@link KubernetesSchema}
 * checks field names). Skipped when node or the directory's node_modules are missing, unless
 * {@code JPRAXIS_REQUIRE_NODE=1} (set by {@code .ci/run}, which installs them).
 */
final class KubernetesModels {
    static final Path DIR = Path.of("src/test/node-k8s");
    private static final ObjectMapper JSON = new ObjectMapper();

    private KubernetesModels() {
    }

    /** Skips the calling test (or fails it under {@code JPRAXIS_REQUIRE_NODE=1}) when the validators cannot run. */
    static void assumeAvailable() {
        String missing = missing();
        Assumptions.assumeTrue(missing == null, "kubernetes-models check skipped: " + missing);
    }

    /**
     * Whether the validators can run (failing under {@code JPRAXIS_REQUIRE_NODE=1} when they
     * cannot), for a test whose other checks go on either way.
     */
    static boolean available() {
        return missing() == null;
    }

    private static String missing() {
        String missing = null;
        if (!runs("node", "--version")) {
            missing = "node is not on the PATH";
        } else if (!Files.isDirectory(DIR.resolve("node_modules/kubernetes-models"))
                || !Files.isDirectory(DIR.resolve("node_modules/@kubernetes-models/prometheus-operator"))) {
            missing = "no node_modules in " + DIR + " (run npm ci there)";
        }
        if (missing != null && "1".equals(System.getenv("JPRAXIS_REQUIRE_NODE"))) {
            fail("JPRAXIS_REQUIRE_NODE=1 but " + missing);
        }
        return missing;
    }

    /** One problem per line ("Deployment edge-jpraxis /spec/...: must be integer"); empty when all pass. */
    static List<String> problems(List<JsonNode> objects) throws IOException, InterruptedException {
        ArrayNode array = JSON.createArrayNode();
        objects.forEach(array::add);
        Process p = new ProcessBuilder("node", "validate.mjs").directory(DIR.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (OutputStream in = p.getOutputStream()) {
            in.write(JSON.writeValueAsBytes(array));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            fail("validate.mjs failed: " + out);
        }
        List<String> problems = new ArrayList<>();
        for (String line : out.strip().split("\n")) {
            JsonNode result = JSON.readTree(line);
            String object = result.path("kind").asText() + " " + result.path("name").asText();
            if (result.path("unsupported").asBoolean()) {
                problems.add(object + ": no validator for its apiVersion and kind");
            }
            for (JsonNode error : result.path("errors")) {
                problems.add(object + " " + error.path("instancePath").asText() + ": " + error.path("message").asText()
                        + (error.has("params") ? " " + error.get("params") : ""));
            }
        }
        if (problems.isEmpty() && out.strip().split("\n").length != objects.size()) {
            fail("validate.mjs answered for fewer objects than it was given: " + out);
        }
        return problems;
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
}
