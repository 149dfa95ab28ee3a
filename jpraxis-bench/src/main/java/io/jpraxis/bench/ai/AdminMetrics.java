package io.jpraxis.bench.ai;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.stream.Collectors;

/**
 * The flagship's own account of the run, from its admin {@code /metrics}: token usage counted by
 * token_count, streams timed by time_to_first_token, and model failovers, as a check that the
 * measured requests did go through those filters.
 */
final class AdminMetrics {
    private AdminMetrics() {
    }

    static String tokenAndFailoverLines(int adminPort) throws InterruptedException {
        String why = "";
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + adminPort + "/metrics")).timeout(Duration.ofSeconds(10)).build(),
                        HttpResponse.BodyHandlers.ofString());
                String lines = r.statusCode() == 200 ? wanted(r.body()) : "";
                if (!lines.isEmpty()) {
                    return lines;
                }
                why = "status " + r.statusCode() + ", " + r.body().length() + " bytes, none of the lines looked for";
            } catch (IOException e) {
                why = e.toString();
            }
            Thread.sleep(1000);
        }
        return "(no figures read from /metrics: " + why + ")";
    }

    private static String wanted(String body) {
        return body.lines().filter(l -> !l.startsWith("#"))
                .filter(l -> l.startsWith("gen_ai_client_token_usage_count")
                        || l.startsWith("gen_ai_client_operation_time_to_first_chunk_seconds_count")
                        || l.startsWith("jpraxis_model_failovers"))
                .collect(Collectors.joining("\n"));
    }
}
