package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.TestOrigin;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Many clients at once through a stock client library (the JDK's), across every event loop. */
@Timeout(60)
class ConcurrentClientsTest {

    @Test
    void concurrentClientsGetTheirOwnAnswers() throws Exception {
        try (TestOrigin a = TestOrigin.builder("a").threads(2).start();
                TestGateway gw = TestGateway.builder().runtime(2, 64, null)
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), a)).start();
                ExecutorService clients = Executors.newFixedThreadPool(8)) {
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(5)).build();
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int client = t;
                results.add(clients.submit(() -> {
                    int ok = 0;
                    for (int i = 0; i < 50; i++) {
                        String path = "/c" + client + "/r" + i;
                        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + gw.port() + path))
                                .timeout(Duration.ofSeconds(10));
                        String body = "b".repeat(i * 37);
                        if (i % 2 == 0) {
                            request.POST(HttpRequest.BodyPublishers.ofString(body));
                        }
                        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
                        EchoResponse echo = EchoResponse.parse(response.body());
                        if (response.statusCode() == 200 && echo.path().equals(path)
                                && echo.bodyBytes() == (i % 2 == 0 ? body.length() : 0)) {
                            ok++;
                        }
                    }
                    return ok;
                }));
            }
            for (Future<Integer> result : results) {
                assertThat(result.get()).as("every answer belongs to its own request").isEqualTo(50);
            }
            assertThat(a.acceptedConnections()).as("pooled: far fewer upstream connections than requests")
                    .isLessThanOrEqualTo(16);
        }
    }
}
