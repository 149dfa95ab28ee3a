package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestData;
import io.jpraxis.testkit.TestOrigin;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A body no filter needs streams through, bounded only by {@code body_limits} (see
 * docs/behaviour/body-access.md#body-limits). The real gateway jar runs with a 48 MiB heap, 64 MiB
 * of direct memory, and exits on any heap exhaustion, while a 1 GiB upload passes through it to an
 * origin that checksums it: a gateway that held the body (or any large part of it) could not
 * finish.
 */
@Timeout(180)
class LargeBodyMemoryTest {
    private static final long SIZE = 1024L * 1024 * 1024;
    private static final List<String> SMALL_JVM = List.of("-Xmx48m", "-XX:MaxDirectMemorySize=64m",
            "-XX:+ExitOnOutOfMemoryError", "--sun-misc-unsafe-memory-access=allow", "--enable-native-access=ALL-UNNAMED");

    @Test
    void oneGibibyteUploadStreamsThroughASmallHeap() throws Exception {
        int port = TestOrigin.unusedPort();
        try (TestOrigin origin = TestOrigin.start("sink");
                GatewayProcess gateway = GatewayProcess.serve(config(port, origin.address()), port, SMALL_JVM);
                RawHttpConnection client = RawHttpConnection.open(new InetSocketAddress("127.0.0.1", port),
                        Duration.ofSeconds(120))) {
            client.send("POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: " + SIZE + "\r\n\r\n");
            MessageDigest sent = TestData.newSha256();
            copy(TestData.stream(SIZE), client.output(), sent);
            RawResponse response = client.readResponse();

            assertThat(response.status()).as("gateway output:\n%s", gateway.output()).isEqualTo(200);
            EchoResponse echo = response.echo();
            assertThat(echo.bodyBytes()).isEqualTo(SIZE);
            assertThat(echo.bodySha256()).as("1 GiB arrives unchanged").isEqualTo(TestData.hex(sent));
            assertThat(gateway.alive()).as("no OutOfMemoryError ended the gateway").isTrue();
            assertThat(gateway.output()).doesNotContain("OutOfMemoryError").doesNotContain("OutOfDirectMemoryError");
        }
    }

    private static String config(int port, String origin) {
        return """
                listeners:
                  - name: big
                    address: "127.0.0.1:%d"
                    filter_chains: [main]
                filter_chains:
                  - name: main
                    filters:
                      - filter: router
                        routes:
                          - path_prefix: "/"
                            cluster: only
                      - filter: load_balancer
                        clusters:
                          - name: only
                            endpoints: ["%s"]
                runtime:
                  threads: 2
                body_limits:
                  max_request_bytes: null
                insecure_options:
                  allow_private_endpoints: true
                  allow_unbounded_body: true
                """.formatted(port, origin);
    }

    private static void copy(InputStream in, OutputStream out, MessageDigest digest) throws Exception {
        byte[] buffer = new byte[256 * 1024];
        int n;
        while ((n = in.read(buffer)) > 0) {
            digest.update(buffer, 0, n);
            out.write(buffer, 0, n);
        }
        out.flush();
    }
}
