package io.jpraxis.filters.iterative;

import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.subrequest.SubRequest;
import io.jpraxis.core.subrequest.SubRequestClient;
import io.jpraxis.core.subrequest.SubResponse;
import io.jpraxis.core.subrequest.TransportError;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A test-only {@link SubRequestClient} over the JDK's {@link HttpClient} (the real one is Netty's,
 * in jpraxis-http): enough to run the IRR's loop against real origins. Records every sub-request.
 */
final class JdkSubRequestClient implements SubRequestClient {
    /** Headers the JDK client sets itself and refuses from callers. */
    private static final Set<String> RESTRICTED = Set.of("host", "content-length", "connection", "expect",
            "upgrade", "transfer-encoding");

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    final List<SubRequest> sent = new CopyOnWriteArrayList<>();

    @Override
    public CompletionStage<SubResponse> send(SubRequest request) {
        sent.add(request);
        URI uri = URI.create("http://" + request.target().endpoint().host() + ":" + request.target().endpoint().port()
                + request.pathAndQuery());
        Duration timeout = Duration.between(Instant.now(), request.deadline());
        HttpRequest.Builder b = HttpRequest.newBuilder(uri)
                .timeout(timeout.isNegative() || timeout.isZero() ? Duration.ofMillis(1) : timeout)
                .method(request.method(), request.body().length == 0 ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(request.body()));
        request.headers().forEach((name, value) -> {
            if (!RESTRICTED.contains(name)) {
                b.header(name, value);
            }
        });
        return client.sendAsync(b.build(), HttpResponse.BodyHandlers.ofByteArray())
                .<SubResponse>thenApply(r -> received(r, request.maxResponseBytes()))
                .exceptionally(JdkSubRequestClient::failed);
    }

    private static SubResponse received(HttpResponse<byte[]> r, long max) {
        if (r.body().length > max) {
            return new SubResponse.Failed(TransportError.RESPONSE_TOO_LARGE, r.body().length + " bytes");
        }
        HeaderMap headers = new HeaderMap();
        for (Map.Entry<String, List<String>> e : r.headers().map().entrySet()) {
            if (!e.getKey().startsWith(":") && !e.getKey().equalsIgnoreCase("connection")) {
                e.getValue().forEach(v -> headers.add(e.getKey(), v));
            }
        }
        return new SubResponse.Received(r.statusCode(), headers, r.body());
    }

    private static SubResponse failed(Throwable t) {
        Throwable cause = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
        if (cause instanceof HttpTimeoutException) {
            return new SubResponse.Failed(TransportError.DEADLINE_EXCEEDED, cause.toString());
        }
        // The JDK wraps a refused connection in an IOException whose cause is the ConnectException.
        for (Throwable c = cause; c != null; c = c.getCause()) {
            if (c instanceof ConnectException) {
                return new SubResponse.Failed(TransportError.CONNECT, cause.toString());
            }
        }
        return new SubResponse.Failed(TransportError.IO, cause.toString());
    }
}
