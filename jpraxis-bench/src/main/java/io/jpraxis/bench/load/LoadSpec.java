package io.jpraxis.bench.load;

/** How a workload loads its target: which tool, how many connections, which request. */
public sealed interface LoadSpec {

    /** The request path, the same on every target. */
    String path();

    /**
     * wrk over keep-alive HTTP/1.1 connections, each sending its next request as soon as the
     * previous answer arrived.
     *
     * @param bodyBytes the request body size; 0 sends no body
     * @param body what the body holds
     */
    record Wrk(int threads, int connections, String method, String path, int bodyBytes, Body body)
            implements LoadSpec {

        /** A body of filler bytes (or none). */
        public Wrk(int threads, int connections, String method, String path, int bodyBytes) {
            this(threads, connections, method, path, bodyBytes, Body.FILLER);
        }
    }

    /** The content of a wrk request body. */
    enum Body {
        /** Opaque bytes, {@code application/octet-stream}. */
        FILLER,
        /** An OpenAI-style chat request naming {@link WrkScript#BENCH_MODEL}, {@code application/json}. */
        CHAT_JSON
    }

    /**
     * wrk GETs over keep-alive HTTP/1.1 connections, every request carrying {@code headers}, as
     * {@link Wrk} otherwise.
     */
    record WrkGet(int threads, int connections, String path, ClientHeaders headers) implements LoadSpec {
    }

    /** The headers a {@link WrkGet} client sends besides wrk's own. */
    enum ClientHeaders {
        /**
         * The edge client ({@link EdgePipeline#clientHeaders}): the run's bearer token (the same on
         * every request, read from the run's folder), its page's {@code Origin}, and the load
         * balancer's {@code X-Forwarded-For}.
         */
        EDGE_CLIENT,
        /** {@code Accept-Encoding: gzip}, as a client that takes compressed answers sends. */
        GZIP
    }

    /** h2load over cleartext HTTP/2 by prior knowledge, bounded by time, several streams per connection. */
    record H2c(int clients, int streamsPerClient, int threads, String path) implements LoadSpec {
    }

    /**
     * h2load over HTTP/1.1 opening a new connection for every request at a fixed rate, so the
     * cost of accepting connections shows rather than the cost of requests on warm ones.
     */
    record NewConnections(int perSecond, String path) implements LoadSpec {
    }

    /**
     * wrk sending {@code Connection: close}: the server closes after each answer and wrk opens a
     * new connection for the next request, so over TLS every request pays a full handshake (wrk
     * never offers a session to resume). A closed loop: the rate is as high as the target allows.
     */
    record WrkNewConnections(int threads, int connections, String path) implements LoadSpec {
    }

    /**
     * The WebSocket echo client ({@code io.jpraxis.bench.ws.WsLoad echo}): each connection sends
     * one binary message, waits for its echo, sends the next; the round trips' latency is timed.
     *
     * @param warmupSeconds the client's own untimed lead (its JIT and the target's warm up)
     */
    record WsEcho(int connections, int messageBytes, int warmupSeconds, String path) implements LoadSpec {
    }

    /**
     * The WebSocket stream client ({@code io.jpraxis.bench.ws.WsLoad stream}): one connection sends
     * {@code totalBytes} in binary frames as fast as the connection takes them and reads every
     * frame's echo back; the run ends when the last echo arrived, whatever the duration.
     */
    record WsStream(long totalBytes, int frameBytes, String path) implements LoadSpec {
    }
}
