package io.jpraxis.it;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
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
            return run(spec(call, bodyJson));
        }

        /**
         * Starts the streamed {@code call} ({@code chat-stream}, {@code messages-stream}); its events
         * can be read one by one while the SDK is still receiving the rest.
         */
        Streamed stream(String call, String bodyJson) throws IOException {
            return Streamed.start(spec(call, bodyJson));
        }

        private String spec(String call, String bodyJson) throws IOException {
            ObjectNode spec = JSON.createObjectNode().put("sdk", sdk).put("baseURL", baseUrl).put("apiKey", apiKey)
                    .put("call", call);
            spec.set("body", JSON.readTree(bodyJson == null ? "{}" : bodyJson));
            return spec.toString();
        }
    }

    /**
     * A streamed SDK call in progress: each event the SDK yielded, as it yielded it, then the
     * outcome. The events are read on a thread of their own, so the test waits only for the line it
     * needs.
     */
    static final class Streamed implements AutoCloseable {
        private static final JsonNode END = JSON.createObjectNode();
        private final Process process;
        private final Path err;
        private final BlockingQueue<JsonNode> lines = new LinkedBlockingQueue<>();
        private final StringBuilder stdout = new StringBuilder();
        private JsonNode last;

        private Streamed(Process process, Path err) {
            this.process = process;
            this.err = err;
        }

        static Streamed start(String spec) throws IOException {
            Path err = Files.createTempFile("sdk-stream", ".err");
            Process p = new ProcessBuilder("node", "sdk-call.mjs", spec).directory(DIR.toFile())
                    .redirectError(err.toFile()).start();
            p.getOutputStream().close();
            Streamed streamed = new Streamed(p, err);
            Thread.ofVirtual().name("sdk-stream-reader").start(streamed::readLines);
            return streamed;
        }

        private void readLines() {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    synchronized (stdout) {
                        stdout.append(line).append('\n');
                    }
                    if (!line.isBlank()) {
                        lines.add(JSON.readTree(line));
                    }
                }
            } catch (IOException e) {
                // The process went away: the test sees the end of the lines.
            } finally {
                lines.add(END);
            }
        }

        /** The next event the SDK yielded; fails when the call ended (or printed nothing) first. */
        JsonNode nextEvent() throws InterruptedException, IOException {
            JsonNode line = lines.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (line == null || line == END || !line.has("event")) {
                last = line == END ? null : line;
                fail("the SDK yielded no further event; stdout: " + stdout() + " stderr: " + Files.readString(err));
            }
            return line.get("event");
        }

        /** Waits for the call to end and returns its outcome, skipping events not yet read. */
        Outcome finish() throws InterruptedException, IOException {
            JsonNode line = last;
            while (line == null || line.has("event")) {
                line = lines.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
                if (line == null || line == END) {
                    fail("the streamed SDK call ended without an outcome; stdout: " + stdout() + " stderr: "
                            + Files.readString(err));
                }
            }
            return outcome(line, stdout());
        }

        private String stdout() {
            synchronized (stdout) {
                return stdout.toString();
            }
        }

        @Override
        public void close() throws IOException {
            process.destroyForcibly();
            Files.deleteIfExists(err);
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
            return outcome(JSON.readTree(out.substring(out.lastIndexOf('\n') + 1)), out);
        } finally {
            Files.deleteIfExists(err);
        }
    }

    private static Outcome outcome(JsonNode line, String out) {
        if (line.path("ok").asBoolean()) {
            return new Outcome(true, line.get("result"), null, out);
        }
        JsonNode e = line.path("error");
        return new Outcome(false, null, new SdkError(text(e, "class"), e.path("status").asInt(-1),
                text(e, "code"), text(e, "type"), text(e, "param"), text(e, "message"), text(e, "apiMessage"),
                text(e, "requestID"), e.path("headers"), e.get("body")), out);
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
