package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code runtime.shed_on_fd_pressure} (on by default; see
 * docs/behaviour/http-edge.md#overload-shedding) in a gateway process whose open-file limit is
 * pinned to 256 by {@code runtime.max_open_files}: 150 requests in flight at once would need about
 * 300 descriptors (client and upstream connection each), so some must be shed with 503 and
 * {@code Retry-After: 1}, and every other one must be served; none may fail for lack of descriptors.
 *
 * <p>Disabled: on a quiet host some admitted requests still fail with 502 (upstream connect failed,
 * the descriptor table full), on others nothing is shed: the guard's accounting does not hold for
 * a burst larger than its reserve (see docs/behaviour/http-edge.md#overload-shedding). It stays as
 * the test the fix must make pass.
 */
@Timeout(120)
@Disabled("the fd guard admits past its reserve under a connection burst; see the class comment")
class FdPressureProcessTest {
    private static final int REQUESTS = 150;

    @Test
    void nearTheOpenFileLimitNewRequestsAreShedAndTheRestServed() throws Exception {
        try (TestOrigin origin = TestOrigin.start("slow")) {
            int port = TestOrigin.unusedPort();
            int admin = TestOrigin.unusedPort();
            String yaml = TestConfigs.proxyTo(origin.address(), """
                    admin:
                      address: "127.0.0.1:%d"
                    runtime:
                      max_open_files: 256
                    """.formatted(admin)).replace("127.0.0.1:0", "127.0.0.1:" + port);
            try (GatewayProcess gateway = GatewayProcess.serve(yaml, port, List.of("-Xmx256m"))) {
                List<RawHttpConnection> clients = new ArrayList<>();
                int served = 0;
                int shed = 0;
                List<String> other = new ArrayList<>();
                try {
                    // All connections first, then the requests: a request admitted while later
                    // connections are still arriving can be left without a descriptor for its
                    // upstream when the burst is larger than the reserve (docs/behaviour/http-edge.md#overload-shedding).
                    for (int i = 0; i < REQUESTS; i++) {
                        clients.add(RawHttpConnection.open(port));
                    }
                    Thread.sleep(300); // the gateway accepts the queued connections
                    for (int i = 0; i < REQUESTS; i++) {
                        clients.get(i).send("GET /slow/" + i + " HTTP/1.1\r\nHost: test\r\n" + OriginCommands.DELAY_MS
                                + ": 1500\r\n\r\n");
                    }
                    for (RawHttpConnection c : clients) {
                        try {
                            RawResponse r = c.readResponse();
                            if (r.status() == 200) {
                                served++;
                            } else if (r.status() == 503 && "1".equals(r.header("retry-after"))) {
                                shed++;
                            } else {
                                other.add(r.status() + " " + r.bodyText());
                            }
                        } catch (IOException e) {
                            other.add("failed: " + e);
                        }
                    }
                } finally {
                    clients.forEach(RawHttpConnection::close);
                }
                assertThat(other).as("no request fails otherwise:%n%s", gateway.output()).isEmpty();
                assertThat(shed).as("some requests were shed").isPositive();
                assertThat(served).as("the others were served").isPositive();
                assertThat(served + shed).isEqualTo(REQUESTS);
                assertThat(rejects(admin)).as("each shed request is counted").isEqualTo(shed);
            }
        }
    }

    private static long rejects(int admin) {
        String metrics = Http.get(URI.create("http://127.0.0.1:" + admin + "/metrics")).body();
        Matcher m = Pattern.compile("(?m)^jpraxis_overload_rejects_total\\{reason=\"file_descriptors\"\\} ([0-9.E+-]+)$")
                .matcher(metrics);
        assertThat(m.find()).as("the counter is on /metrics:%n%s", metrics).isTrue();
        return (long) Double.parseDouble(m.group(1));
    }
}
