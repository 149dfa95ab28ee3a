package io.jpraxis.bench.soak;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/** Reads jpraxis's admin {@code /metrics} and asks the listener which config variant answers. */
public final class AdminClient {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT).build();
    private final int adminPort;
    private final int listenerPort;

    /** A client of the admin socket on {@code adminPort} and the listener on {@code listenerPort}. */
    public AdminClient(int adminPort, int listenerPort) {
        this.adminPort = adminPort;
        this.listenerPort = listenerPort;
    }

    /** The admin socket's port. */
    public int adminPort() {
        return adminPort;
    }

    /** The whole {@code /metrics} text; empty when it did not answer 200. */
    public Optional<String> metrics() {
        return get(adminPort, "/metrics").filter(r -> r.statusCode() == 200).map(HttpResponse::body);
    }

    /** One metric summed over its samples that carry {@code labels}, from a fresh scrape. */
    public OptionalDouble metric(String name, Map<String, String> labels) {
        return metrics().map(text -> PrometheusText.sum(text, name, labels)).orElse(OptionalDouble.empty());
    }

    /** The value of {@code header} on a {@code GET /small} through the listener; empty when absent or failed. */
    public Optional<String> servedHeader(String header) {
        return get(listenerPort, "/small").filter(r -> r.statusCode() == 200)
                .flatMap(r -> r.headers().firstValue(header));
    }

    private Optional<HttpResponse<String>> get(int port, String path) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(TIMEOUT)
                .GET().build();
        try {
            return Optional.of(http.send(request, HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
