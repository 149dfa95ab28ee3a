package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * examples/guardrails.yaml end to end with real origins: a card number in a request body is
 * refused before the origin, a clean request passes, a scanner is turned away by its User-Agent,
 * a response body carrying an SSN is withheld and cut off, and a response with the internal debug
 * header is replaced by 502.
 */
class GuardrailsExampleTest {
    static final String EXAMPLE = "guardrails.yaml";
    private static final String SSN = "123-45-6789";

    private static String post(String path, String body, String... headerLines) {
        StringBuilder raw = new StringBuilder("POST " + path + " HTTP/1.1\r\nHost: test\r\n"
                + "Content-Type: application/json\r\nContent-Length: " + body.getBytes(StandardCharsets.UTF_8).length
                + "\r\n");
        for (String line : headerLines) {
            raw.append(line).append("\r\n");
        }
        return raw.append("\r\n").append(body).toString();
    }

    private static RunningGateway gateway(TestOrigin desk, TestOrigin records) {
        return RunningGateway.start(Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001", desk.address(),
                "127.0.0.1:3002", records.address())));
    }

    @Test
    void aCardNumberIsRefusedBeforeTheOriginAndACleanRequestPasses() throws Exception {
        try (TestOrigin desk = TestOrigin.start("desk"); TestOrigin records = TestOrigin.start("records");
                RunningGateway gw = gateway(desk, records);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse refused = conn.send(post("/tickets", "{\"note\": \"card 4111-1111-1111-1111\"}"))
                    .readResponse();
            assertThat(refused.status()).as("a body with a card number is refused").isEqualTo(403);
            assertThat(refused.header("content-type")).isEqualTo("application/problem+json");
            assertThat(refused.bodyText()).as("the refusal never repeats the number").doesNotContain("4111")
                    .contains("guardrails");
            assertThat(desk.requestCount()).as("the refused request never reached the origin").isZero();

            RawResponse clean = conn.send(post("/tickets", "{\"note\": \"printer on floor 2 is jammed\"}"))
                    .readResponse();
            assertThat(clean.status()).as("a clean request passes").isEqualTo(200);
            assertThat(EchoResponse.parse(clean.body()).path()).isEqualTo("/tickets");
            assertThat(desk.requestCount()).isEqualTo(1);

            RawResponse scanner = conn.send("GET / HTTP/1.1\r\nHost: test\r\nUser-Agent: SQLMap/1.7\r\n\r\n")
                    .readResponse();
            assertThat(scanner.status()).as("a scanner's User-Agent matches the pattern").isEqualTo(403);
            assertThat(desk.requestCount()).isEqualTo(1);
        }
    }

    @Test
    void aBodyOverTheInspectionBufferIsRefusedWith413NotPassedUninspected() throws Exception {
        try (TestOrigin desk = TestOrigin.start("desk"); TestOrigin records = TestOrigin.start("records");
                RunningGateway gw = gateway(desk, records);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            String big = "x".repeat((1 << 20) + 1);
            try {
                conn.send(post("/tickets", big));
            } catch (UncheckedIOException e) {
                // the gateway may answer and close before the whole body is written; the answer is what counts
            }
            RawResponse refused = conn.readResponse();
            assertThat(refused.status()).as("over 1 MiB cannot be inspected, so it is refused").isEqualTo(413);
            assertThat(desk.requestCount()).as("nothing reached the origin").isZero();
        }
    }

    @Test
    void aResponseBodyWithAnSsnIsCutOffBeforeTheClientSeesIt() throws Exception {
        String leaky = "{\"name\": \"A. Person\", \"ssn\": \"" + SSN + "\"}";
        try (TestOrigin desk = TestOrigin.start("desk");
                TestOrigin records = TestOrigin.builder("records").fixed(200, "application/json", leaky).start();
                RunningGateway gw = gateway(desk, records);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            conn.send("GET /records/7 HTTP/1.1\r\nHost: test\r\n\r\n");
            byte[] everything = conn.input().readAllBytes(); // until the gateway closes the connection
            String seen = new String(everything, StandardCharsets.ISO_8859_1);
            assertThat(records.requestCount()).as("the origin answered").isEqualTo(1);
            assertThat(seen).as("the head went out before the body was inspected").startsWith("HTTP/1.1 200");
            assertThat(seen).as("the withheld body never reaches the client").doesNotContain(SSN)
                    .doesNotContain("A. Person");
        }
    }

    @Test
    void aResponseWithTheInternalDebugHeaderIsReplacedBy502() throws Exception {
        try (TestOrigin desk = TestOrigin.start("desk"); TestOrigin records = TestOrigin.start("records");
                RunningGateway gw = gateway(desk, records);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            assertThat(conn.get("/status").status()).as("without the header the answer passes").isEqualTo(200);
            conn.send("GET /status HTTP/1.1\r\nHost: test\r\n" + OriginCommands.RESPOND_HEADER
                    + ": X-Debug-Trace: internal-node-4\r\n\r\n");
            RawResponse replaced = conn.readResponse();
            assertThat(replaced.status()).as("the origin's answer is refused").isEqualTo(502);
            assertThat(replaced.header("x-debug-trace")).isNull();
            assertThat(desk.requestCount()).isEqualTo(2);
        }
    }
}
