package io.jpraxis.bench.extproc;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server's own account of a decision: its {@code request_headers} phase histogram (time from
 * the message reaching the processor to its reply being handed to gRPC), read from the Prometheus
 * endpoint before and after a window. Beside the client's end-to-end figures it separates what the
 * picker adds from what the transport, the load client and the shared cores add.
 */
final class PhaseHistogram {
    private static final Pattern BUCKET = Pattern.compile(
            "^jpraxis_extproc_phase_duration_seconds_bucket\\{(?=[^}]*phase=\"request_headers\")[^}]*le=\"([^\"]+)\"[^}]*} "
                    + "([0-9.eE+]+)$", Pattern.MULTILINE);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final URI uri;

    PhaseHistogram(int metricsPort) {
        this.uri = URI.create("http://127.0.0.1:" + metricsPort + "/metrics");
    }

    /** Cumulative counts by bucket upper bound in seconds ({@code +Inf} as infinity). */
    Map<Double, Long> read() throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException(uri + " answered " + response.statusCode());
        }
        return parse(response.body());
    }

    static Map<Double, Long> parse(String exposition) {
        Map<Double, Long> buckets = new TreeMap<>();
        Matcher m = BUCKET.matcher(exposition);
        while (m.find()) {
            double bound = m.group(1).equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(m.group(1));
            buckets.put(bound, (long) Double.parseDouble(m.group(2)));
        }
        return buckets;
    }

    /**
     * The upper bound, in microseconds, of the bucket holding percentile {@code p} of what was
     * recorded between the two readings; NaN when nothing was.
     */
    static double percentileMicros(Map<Double, Long> before, Map<Double, Long> after, double p) {
        long total = after.getOrDefault(Double.POSITIVE_INFINITY, 0L) - before.getOrDefault(Double.POSITIVE_INFINITY, 0L);
        if (total <= 0) {
            return Double.NaN;
        }
        long rank = (long) Math.ceil(p / 100 * total);
        for (Map.Entry<Double, Long> bucket : after.entrySet()) {
            long within = bucket.getValue() - before.getOrDefault(bucket.getKey(), 0L);
            if (within >= rank) {
                return bucket.getKey() * 1e6;
            }
        }
        return Double.POSITIVE_INFINITY;
    }
}
