package io.jpraxis.it;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The official {@code openai} and {@code @anthropic-ai/sdk} npm packages, driven from a test (see
 * docs/testing.md#the-ai-sdk-harness): {@code src/test/node-sdk/sdk-call.mjs} makes one SDK call
 * against a gateway and prints what the SDK gave back, its result or its error as the SDK built it.
 * Skipped when node or the harness's node_modules are missing, unless {@code JPRAXIS_REQUIRE_NODE=1}
 * (set by {@code .ci/run}, which installs them), so CI can never skip it silently.
 */
final class NodeSdk {
    static final Path DIR = Path.of("src/test/node-sdk");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long TIMEOUT_SECONDS = 60;

    private NodeSdk() {
    }

    /** Skips the calling test (or fails it under {@code JPRAXIS_REQUIRE_NODE=1}) when the harness cannot run. */
    static void assumeAvailable() {
        String missing = null;
        if (!runs("node", "--version")) {
            missing = "node is not on the PATH";
        } else if (!Files.isDirectory(DIR.resolve("node_modules/openai"))
                || !Files.isDirectory(DIR.resolve("node_modules/@anthropic-ai/sdk"))) {
            missing = "no node_modules in " + DIR + " (run npm ci there)";
        }
        if (missing != null && "1".equals(System.getenv("JPRAXIS_REQUIRE_NODE"))) {
            fail("JPRAXIS_REQUIRE_NODE=1 but " + missing);
        }
        Assumptions.assumeTrue(missing == null, "Node.js SDK harness skipped: " + missing);
    }

    /** An OpenAI SDK client with {@code baseURL} {@code http://127.0.0.1:port/v1}. */
    static Client openAi(int port, String apiKey) {
        return new Client("openai", "http://127.0.0.1:" + port + "/v1", apiKey);
    }

    /** An Anthropic SDK client with {@code baseURL} {@code http://127.0.0.1:port}. */
    static Client anthropic(int port, String apiKey) {
        return new Client("anthropic", "http://127.0.0.1:" + port, apiKey);
    }

    /** One SDK's client, as a user's program configures it (no retries, so the first answer shows). */
    record Client(String sdk, String baseUrl, String apiKey) {
        /**
         * Runs {@code call} (openai: chat, completions, embeddings, responses, models, model;
         * anthropic: messages, models) with {@code body} as its argument.
         */
        Outcome call(String call, String bodyJson) throws IOException, InterruptedException {
            ObjectNode spec = JSON.createObjectNode().put("sdk", sdk).put("baseURL", baseUrl).put("apiKey", apiKey)
                    .put("call", call);
            spec.set("body", JSON.readTree(bodyJson == null ? "{}" : bodyJson));
            return run(spec.toString());
        }
    }

    /** What the SDK call came to: a result, or the error the SDK raised. */
    record Outcome(boolean ok, JsonNode result, SdkError error, String stdout) {
        /** The error; fails the test when the call succeeded. */
        SdkError failure() {
            if (ok) {
                fail("the SDK call succeeded but an error was expected: " + stdout);
            }
            return error;
        }
    }

    /**
     * The SDK's error as its user sees it.
     *
     * @param className the error class ({@code AuthenticationError}, {@code RateLimitError}, ...)
     * @param apiMessage the message the SDK read out of the body ({@code error.message})
     */
    record SdkError(String className, int status, String code, String type, String param, String message,
            String apiMessage, String requestId, JsonNode headers, JsonNode body) {
        String header(String name) {
            JsonNode v = headers.get(name);
            return v == null ? null : v.asText();
        }
    }

    private static Outcome run(String spec) throws IOException, InterruptedException {
        Path err = Files.createTempFile("sdk-call", ".err");
        try {
            Process p = new ProcessBuilder("node", "sdk-call.mjs", spec).directory(DIR.toFile())
                    .redirectError(err.toFile()).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("the SDK call did not finish within " + TIMEOUT_SECONDS + " s");
            }
            if (p.exitValue() != 0 || out.isEmpty()) {
                fail("sdk-call.mjs exited " + p.exitValue() + ": " + Files.readString(err) + out);
            }
            JsonNode line = JSON.readTree(out.substring(out.lastIndexOf('\n') + 1));
            if (line.path("ok").asBoolean()) {
                return new Outcome(true, line.get("result"), null, out);
            }
            JsonNode e = line.path("error");
            return new Outcome(false, null, new SdkError(text(e, "class"), e.path("status").asInt(-1),
                    text(e, "code"), text(e, "type"), text(e, "param"), text(e, "message"), text(e, "apiMessage"),
                    text(e, "requestID"), e.path("headers"), e.get("body")), out);
        } finally {
            Files.deleteIfExists(err);
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
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
