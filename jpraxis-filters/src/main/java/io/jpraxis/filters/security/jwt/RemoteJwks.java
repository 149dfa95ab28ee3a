package io.jpraxis.filters.security.jwt;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A key set fetched from {@code jwks_url} (see docs/reference/filters/jwt_auth.md#keys-by-url):
 * fetched on start and whenever the cached copy is older than {@code jwks_cache_seconds}, and again
 * when a token names a kid the set lacks (key rotation), at most once per
 * {@code jwks_refresh_cooldown_seconds} so junk kids cannot make the gateway hammer the issuer.
 * One fetch at a time; concurrent requests share it. A failed fetch keeps the last good set and
 * is retried after the cooldown. Fetches never block the caller: they complete on the HTTP
 * client's threads.
 */
final class RemoteJwks implements JwksSource {
    private static final Logger log = LoggerFactory.getLogger(RemoteJwks.class);
    private static final KeySet EMPTY = new KeySet(List.of());
    private final KeySource.Remote spec;
    private final List<JwtAlgorithm> algorithms;
    private final Clock clock;
    private HttpClient client;
    /** The last good set and when it was fetched; null before the first success. */
    private volatile Snapshot snapshot;
    private CompletableFuture<KeySet> inFlight;
    private Instant lastKidFetch;
    private Instant retryAfter = Instant.MIN;

    private record Snapshot(KeySet keys, Instant fetchedAt) {
    }

    RemoteJwks(KeySource.Remote spec, List<JwtAlgorithm> algorithms, Clock clock) {
        this.spec = spec;
        this.algorithms = List.copyOf(algorithms);
        this.clock = clock;
    }

    @Override
    public boolean fetches() {
        return true;
    }

    @Override
    public void start() {
        fetch();
    }

    @Override
    public CompletionStage<KeySet> current() {
        Snapshot s = snapshot;
        Instant now = clock.instant();
        if (s != null && now.isBefore(s.fetchedAt().plus(spec.cacheFor()))) {
            return CompletableFuture.completedFuture(s.keys());
        }
        synchronized (this) {
            if (now.isBefore(retryAfter)) {
                return CompletableFuture.completedFuture(s == null ? EMPTY : s.keys());
            }
        }
        return fetch();
    }

    @Override
    public CompletionStage<KeySet> afterUnknownKid(KeySet seen, String kid) {
        Instant now = clock.instant();
        synchronized (this) {
            if (lastKidFetch != null && now.isBefore(lastKidFetch.plus(spec.refreshCooldown()))) {
                return CompletableFuture.completedFuture(seen);
            }
            lastKidFetch = now;
        }
        log.debug("jwt_auth: kid {} unknown; fetching {} again", kid, spec.url());
        return fetch();
    }

    /** Starts a fetch, or joins the one under way. */
    synchronized CompletableFuture<KeySet> fetch() {
        if (inFlight != null) {
            return inFlight;
        }
        if (client == null) {
            client = HttpClient.newBuilder().connectTimeout(spec.timeout()).followRedirects(HttpClient.Redirect.NEVER)
                    .build();
        }
        HttpRequest request = HttpRequest.newBuilder(spec.url()).timeout(spec.timeout())
                .header("accept", "application/json").GET().build();
        CompletableFuture<KeySet> started = client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
                .handle((response, error) -> settle(response, error));
        inFlight = started;
        started.whenComplete((k, e) -> {
            synchronized (this) {
                inFlight = null;
            }
        });
        return started;
    }

    private KeySet settle(HttpResponse<byte[]> response, Throwable error) {
        String problem = error != null ? String.valueOf(error)
                : response.statusCode() != 200 ? "status " + response.statusCode()
                : response.body().length > KeySourceReader.MAX_FILE_BYTES ? "body over " + KeySourceReader.MAX_FILE_BYTES
                        + " bytes" : null;
        KeySetReader.Result result = problem != null ? null
                : KeySetReader.read(new String(response.body(), StandardCharsets.UTF_8), algorithms, false, false);
        if (result != null && !result.errors().isEmpty()) {
            problem = String.join("; ", result.errors());
        }
        Instant now = clock.instant();
        Snapshot last = snapshot;
        if (problem != null) {
            log.warn("jwt_auth: fetching {} failed ({}); {}", spec.url(), problem,
                    last == null ? "no keys yet, requests get 503" : "keeping the last good key set");
            synchronized (this) {
                retryAfter = now.plus(spec.refreshCooldown());
            }
            return last == null ? EMPTY : last.keys();
        }
        result.notes().forEach(n -> log.debug("jwt_auth: {}: {}", spec.url(), n));
        snapshot = new Snapshot(result.keys(), now);
        return result.keys();
    }

    @Override
    public synchronized void close() {
        if (client != null) {
            client.shutdownNow();
        }
    }
}
