package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.TestOrigin;
import java.net.URI;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code serve} as a process reloads its config file when it is saved, and logs what it did. */
@Timeout(90)
class ReloadProcessTest {

    private static String answer(int port, String body) {
        return """
                listeners:
                  - name: main
                    address: "127.0.0.1:%d"
                    filter_chains: [answer]
                filter_chains:
                  - name: answer
                    filters:
                      - filter: static_response
                        status: 200
                        body: "%s"
                """.formatted(port, body);
    }

    @Test
    void aSavedConfigIsServedWithoutARestartAndARefusedOneIsLoggedWithItsReason() throws Exception {
        int port = TestOrigin.unusedPort();
        try (GatewayProcess gateway = GatewayProcess.serve(answer(port, "before"), port, List.of())) {
            URI uri = URI.create("http://127.0.0.1:" + port + "/");
            assertThat(Http.get(uri).body()).isEqualTo("before");

            Files.writeString(gateway.config(), answer(port, "after"));
            assertThat(await(() -> Http.get(uri).body().equals("after"))).as("the save is served").isTrue();
            // The log line follows the switch, so a request may see the new config first.
            assertThat(await(() -> gateway.output().contains("config reloaded from")))
                    .as("the reload is logged:\n%s", gateway.output()).isTrue();
            assertThat(gateway.output()).contains("serving sha256:");

            Files.writeString(gateway.config(), answer(TestOrigin.unusedPort(), "moved"));
            assertThat(await(() -> gateway.output().contains("restart needed: listeners['main'].address")))
                    .as("a listener move is refused with the reason:\n%s", gateway.output()).isTrue();
            assertThat(Http.get(uri).body()).as("the old config keeps serving").isEqualTo("after");
            assertThat(gateway.alive()).isTrue();
        }
    }

    private static boolean await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }
}
