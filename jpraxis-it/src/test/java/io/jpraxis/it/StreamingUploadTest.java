package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.TestData;
import io.jpraxis.testkit.TestOrigin;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A 100 MiB upload streams through the proxy: the origin's SHA-256 equals the client's. The test
 * JVM runs with a 1 GiB heap, and the body never exists whole on either side.
 */
class StreamingUploadTest {
    private static final long SIZE = 100L * 1024 * 1024;

    @Test
    void hundredMebibyteUploadArrivesIntact() {
        try (TestOrigin origin = TestOrigin.start("sink");
                RunningGateway gw = RunningGateway.start(TestConfigs.proxyTo(origin.address(), """
                        body_limits:
                          max_request_bytes: 209715200
                        """))) {
            HttpRequest request = HttpRequest.newBuilder(gw.uri("/upload"))
                    .timeout(Duration.ofSeconds(60))
                    .POST(HttpRequest.BodyPublishers.fromPublisher(
                            HttpRequest.BodyPublishers.ofInputStream(() -> TestData.stream(SIZE)), SIZE))
                    .build();
            HttpResponse<String> response = Http.send(request);

            assertThat(response.statusCode()).isEqualTo(200);
            EchoResponse echo = EchoResponse.parse(response.body());
            assertThat(echo.bodyBytes()).isEqualTo(SIZE);
            assertThat(echo.bodySha256()).as("bytes arrive unchanged and in order").isEqualTo(TestData.sha256(SIZE));
        }
    }

    @Test
    void uploadOverTheLimitIs413BeforeTheOrigin() {
        try (TestOrigin origin = TestOrigin.start("sink");
                RunningGateway gw = RunningGateway.start(TestConfigs.proxyTo(origin.address(), """
                        body_limits:
                          max_request_bytes: 1024
                        """))) {
            HttpResponse<String> response = Http.send(HttpRequest.newBuilder(gw.uri("/upload"))
                    .timeout(Duration.ofSeconds(10))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[4096])).build());
            assertThat(response.statusCode()).isEqualTo(413);
            assertThat(origin.requestCount()).isZero();
        }
    }
}
