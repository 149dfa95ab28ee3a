package io.jpraxis.store;

import io.jpraxis.core.store.SharedStore;
import io.jpraxis.core.store.StoreException;
import io.jpraxis.core.store.StoreHealth;
import io.jpraxis.core.store.StoreScript;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.resource.ClientResources;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One store's client (see docs/behaviour/shared-state.md#calls-and-failures): a single
 * multiplexed connection, opened at once and again on demand. Every call is bounded by
 * {@link #CALL_TIMEOUT}, connecting included; while the connection is down, calls are refused at
 * once rather than queued, and the client reconnects in the background. A refused AUTH is logged
 * as an error when it happens (at start, typically) and counted; every call then fails until the
 * store accepts the credentials, with a new connect tried at most once a second.
 */
final class LettuceStore implements SharedStore {
    static final Duration CALL_TIMEOUT = Duration.ofMillis(500);
    private static final long RECONNECT_EVERY_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final Logger log = LoggerFactory.getLogger(LettuceStore.class);

    private final RedisClient client;
    private final RedisURI uri;
    private final String described;
    private final LongAdder calls = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private volatile StatefulRedisConnection<String, String> connection;
    private volatile String lastError;
    private volatile boolean healthy;
    private CompletableFuture<StatefulRedisConnection<String, String>> connecting; // guarded by this
    private long lastConnectNanos; // guarded by this
    private volatile boolean closed;

    LettuceStore(ClientResources resources, String url) {
        this.described = redacted(url);
        this.uri = RedisURI.create(url);
        this.uri.setTimeout(CALL_TIMEOUT);
        this.client = RedisClient.create(resources, uri);
        client.setOptions(ClientOptions.builder().autoReconnect(true)
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .timeoutOptions(TimeoutOptions.enabled(CALL_TIMEOUT))
                .socketOptions(SocketOptions.builder().connectTimeout(CALL_TIMEOUT).build()).build());
        synchronized (this) {
            connect(); // at once: a store that refuses AUTH is reported at start, not on the first request
        }
    }

    @Override
    public CompletionStage<Object> eval(StoreScript script, List<String> keys, List<String> args) {
        calls.increment();
        String[] keyArray = keys.toArray(String[]::new);
        String[] argArray = args.toArray(String[]::new);
        CompletableFuture<Object> reply = connection().thenCompose(c -> c.async()
                .<Object>evalsha(script.sha1(), ScriptOutputType.MULTI, keyArray, argArray).toCompletableFuture()
                .exceptionallyCompose(e -> unwrap(e) instanceof RedisNoScriptException
                        ? c.async().<Object>eval(script.source(), ScriptOutputType.MULTI, keyArray, argArray)
                                .toCompletableFuture()
                        : CompletableFuture.failedFuture(e)));
        return reply.orTimeout(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).handle((value, error) -> {
            if (error == null) {
                healthy = true;
                return value;
            }
            StoreException failure = classify(unwrap(error));
            failed(failure);
            throw failure;
        });
    }

    /** The open connection, or the connect under way; a failed one is retried at most once a second. */
    private CompletableFuture<StatefulRedisConnection<String, String>> connection() {
        StatefulRedisConnection<String, String> open = connection;
        if (open != null) {
            return CompletableFuture.completedFuture(open); // down: Lettuce refuses at once and reconnects
        }
        synchronized (this) {
            if (connection != null) {
                return CompletableFuture.completedFuture(connection);
            }
            if (connecting == null && System.nanoTime() - lastConnectNanos >= RECONNECT_EVERY_NANOS) {
                connect();
            }
            if (connecting != null) {
                return connecting;
            }
        }
        String why = lastError;
        return CompletableFuture.failedFuture(new StoreException(why != null && why.startsWith("auth")
                ? StoreException.Kind.AUTH : StoreException.Kind.UNAVAILABLE, "not connected: " + why));
    }

    private void connect() {
        if (closed) {
            return;
        }
        lastConnectNanos = System.nanoTime();
        CompletableFuture<StatefulRedisConnection<String, String>> attempt = client
                .connectAsync(StringCodec.UTF8, uri).toCompletableFuture();
        connecting = attempt;
        attempt.whenComplete((c, error) -> {
            synchronized (this) {
                connecting = null;
                if (error == null) {
                    connection = c;
                }
            }
            if (error == null) {
                healthy = true;
                log.info("shared store {}: connected", described);
            } else {
                failed(classify(unwrap(error)));
            }
        });
    }

    private void failed(StoreException failure) {
        failures.increment();
        boolean wasHealthy = healthy;
        healthy = false;
        String before = lastError;
        lastError = failure.kind().label() + ": " + failure.getMessage();
        if (failure.kind() == StoreException.Kind.AUTH && !lastError.equals(before)) {
            log.error("shared store {}: the store refused the credentials: {}; requests that need it fail until it "
                    + "accepts them", described, failure.getMessage());
        } else if (wasHealthy || before == null) {
            log.warn("shared store {}: {}", described, lastError);
        }
    }

    private static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** A failure as the callers count it; the message never carries the URL's password. */
    private static StoreException classify(Throwable e) {
        if (e instanceof StoreException s) {
            return s;
        }
        if (e instanceof TimeoutException || e instanceof RedisCommandTimeoutException) {
            return new StoreException(StoreException.Kind.TIMEOUT, "no reply within " + CALL_TIMEOUT.toMillis() + " ms");
        }
        String text = messages(e);
        if (text.contains("NOAUTH") || text.contains("WRONGPASS") || text.contains("invalid password")) {
            return new StoreException(StoreException.Kind.AUTH, firstLine(text));
        }
        if (e instanceof ClassCastException) {
            return new StoreException(StoreException.Kind.BAD_REPLY, "unexpected reply shape");
        }
        return new StoreException(StoreException.Kind.UNAVAILABLE, firstLine(text));
    }

    private static String messages(Throwable e) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = e; t != null && sb.length() < 2000; t = t.getCause()) {
            sb.append(t.getClass().getSimpleName()).append(": ").append(t.getMessage()).append(" / ");
        }
        return sb.toString();
    }

    private static String firstLine(String text) {
        String line = text.lines().findFirst().orElse("");
        return line.length() > 300 ? line.substring(0, 300) : line;
    }

    @Override
    public String describe() {
        return described;
    }

    @Override
    public StoreHealth health() {
        StatefulRedisConnection<String, String> c = connection;
        return new StoreHealth(healthy && c != null && c.isOpen(), lastError, calls.sum(), failures.sum());
    }

    void close() {
        closed = true;
        StatefulRedisConnection<String, String> c = connection;
        if (c != null) {
            c.closeAsync();
        }
        client.shutdownAsync(0, 1, TimeUnit.SECONDS);
    }

    /** {@code url} with any password replaced by {@code ***}. */
    static String redacted(String url) {
        try {
            URI uri = new URI(url);
            String info = uri.getUserInfo();
            if (info == null) {
                return url;
            }
            String user = info.contains(":") ? info.substring(0, info.indexOf(':')) : "";
            return new URI(uri.getScheme(), user.isEmpty() ? "***" : user + ":***", uri.getHost(), uri.getPort(),
                    uri.getPath(), null, null).toString();
        } catch (URISyntaxException e) {
            return "(store url)";
        }
    }
}
