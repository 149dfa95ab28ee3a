package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * examples/json-rpc-routing.yaml, and Praxis's own payload-processing/json-rpc-routing.yaml from
 * the compatibility set, end to end with real origins: requests are routed by their JSON-RPC
 * method, the envelope reaches the origin as headers, and a batch is refused.
 */
class JsonRpcExampleTest {
    static final String EXAMPLE = "json-rpc-routing.yaml";
    /** Beside the repository root (or one level further up from a git worktree), as PraxisExamplesTest finds it. */
    private static final Path PRAXIS_EXAMPLE = Stream.of("../../shared/praxis-examples", "../../../shared/praxis-examples")
            .map(p -> Path.of(p).toAbsolutePath().normalize()).filter(Files::isDirectory).findFirst()
            .orElse(Path.of("../../shared/praxis-examples").toAbsolutePath().normalize())
            .resolve("payload-processing/json-rpc-routing.yaml");

    private static String post(String path, String body) {
        return "POST " + path + " HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: "
                + body.getBytes(StandardCharsets.UTF_8).length + "\r\nX-Json-Rpc-Method: tools/call\r\n\r\n" + body;
    }

    private static EchoResponse send(RawHttpConnection conn, String path, String body) throws Exception {
        RawResponse r = conn.send(post(path, body)).readResponse();
        assertThat(r.status()).as(body).isEqualTo(200);
        return r.echo();
    }

    @Test
    void requestsAreRoutedByTheirMethod() throws Exception {
        try (TestOrigin tools = TestOrigin.start("tools"); TestOrigin discovery = TestOrigin.start("discovery");
                TestOrigin fallback = TestOrigin.start("default");
                RunningGateway gw = RunningGateway.start(Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001",
                        tools.address(), "127.0.0.1:3002", discovery.address(), "127.0.0.1:3000",
                        fallback.address())));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse call = send(conn, "/mcp/", "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\"}");
            assertThat(call.origin()).isEqualTo("tools");
            assertThat(call.header("x-json-rpc-id")).isEqualTo("7");
            assertThat(call.header("x-json-rpc-kind")).isEqualTo("request");

            EchoResponse list = send(conn, "/mcp/", "{\"jsonrpc\":\"2.0\",\"method\":\"tools/list\"}");
            assertThat(list.origin()).isEqualTo("discovery");
            assertThat(list.header("x-json-rpc-kind")).isEqualTo("notification");
            assertThat(list.header("x-json-rpc-id")).as("a notification has no id").isNull();

            EchoResponse other = send(conn, "/mcp/", "{\"not\":\"json-rpc\"}");
            assertThat(other.origin()).as("the client's X-Json-Rpc-Method never routes").isEqualTo("default");
            assertThat(other.header("x-json-rpc-method")).isNull();

            RawResponse batch = conn.send(post("/mcp/", "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\"}]"))
                    .readResponse();
            assertThat(batch.status()).as("batch_policy: reject").isEqualTo(400);
            assertThat(tools.requestCount()).isEqualTo(1);
        }
    }

    @Test
    void praxisOwnExampleLoadsAndRoutesAsItsCommentsSay() throws Exception {
        // Skipped, as PraxisExamplesTest is, where the compatibility set is not checked out beside the repository.
        assumeTrue(Files.isRegularFile(PRAXIS_EXAMPLE), "no " + PRAXIS_EXAMPLE);
        Map<String, TestOrigin> origins = new LinkedHashMap<>();
        for (String port : new String[] {"9001", "9002", "9101", "9201", "9202", "9301", "9000"}) {
            origins.put(port, TestOrigin.start("origin-" + port));
        }
        try {
            String yaml = Files.readString(PRAXIS_EXAMPLE).replace("\"0.0.0.0:8080\"", "\"127.0.0.1:0\"");
            for (Map.Entry<String, TestOrigin> e : origins.entrySet()) {
                yaml = yaml.replace("\"127.0.0.1:" + e.getKey() + "\"", "\"" + e.getValue().address() + "\"");
            }
            yaml += "\ninsecure_options:\n  allow_private_endpoints: true\n";
            try (RunningGateway gw = RunningGateway.start(yaml); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                assertThat(send(conn, "/mcp/", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/call\", \"params\": "
                        + "{\"name\": \"calculator\"}}").origin()).as("mcp-tools").isIn("origin-9001", "origin-9002");
                assertThat(send(conn, "/mcp/", "{\"jsonrpc\": \"2.0\", \"id\": 2, \"method\": \"tools/list\"}").origin())
                        .as("mcp-discovery").isEqualTo("origin-9101");
                assertThat(send(conn, "/a2a/", "{\"jsonrpc\": \"2.0\", \"id\": \"msg-123\", \"method\": \"SendMessage\", "
                        + "\"params\": {\"recipient\": \"agent-42\"}}").origin()).as("a2a-send")
                        .isIn("origin-9201", "origin-9202");
                assertThat(send(conn, "/a2a/", "{\"jsonrpc\": \"2.0\", \"id\": 3, \"method\": \"GetTask\"}").origin())
                        .as("a2a-tasks").isEqualTo("origin-9301");
                assertThat(send(conn, "/a2a/", "{\"jsonrpc\": \"2.0\", \"id\": 4, \"method\": \"Unknown\"}").origin())
                        .as("an unknown method takes the default route").isEqualTo("origin-9000");
                assertThat(send(conn, "/", "plain text").origin()).as("non-JSON-RPC traffic too (on_invalid: continue)")
                        .isEqualTo("origin-9000");
            }
        } finally {
            origins.values().forEach(TestOrigin::close);
        }
    }
}
