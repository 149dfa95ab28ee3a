package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.TestOrigin;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The runnable jar as a process: access lines are written off the event loop through a queue, and
 * a stop (SIGTERM) writes every queued line before the JVM exits, so none is lost.
 */
@Timeout(90)
class AccessLogProcessTest {
    private static final int REQUESTS = 300;

    @Test
    void everyRequestsLineIsOnStdoutAfterAStop() throws Exception {
        int port = TestOrigin.unusedPort();
        String yaml = """
                listeners:
                  - name: main
                    address: "127.0.0.1:%d"
                    filter_chains: [main]
                filter_chains:
                  - name: main
                    filters:
                      - filter: access_log
                      - filter: static_response
                        status: 200
                        body: "ok"
                """.formatted(port);
        GatewayProcess gateway = GatewayProcess.serve(yaml, port, List.of());
        try (RawHttpConnection client = RawHttpConnection.open(port)) {
            for (int i = 0; i < REQUESTS; i++) {
                client.send("GET /r/" + i + " HTTP/1.1\r\nHost: gw.test\r\n\r\n");
                assertThat(client.readResponse().status()).isEqualTo(200);
            }
        }
        gateway.close(); // SIGTERM, then waits for the exit

        String output = gateway.output();
        List<String> lines = output.lines().filter(l -> l.startsWith("{") && l.contains("\"path\":\"/r/"))
                .toList();
        assertThat(lines).as("one access line per request:\n%s", output).hasSize(REQUESTS);
        assertThat(lines.getLast()).contains("\"path\":\"/r/" + (REQUESTS - 1) + "\"");
    }
}
