package io.jpraxis.bench.load;

import java.util.Map;

/**
 * The Lua script wrk runs: it sets the method and body, and its {@code done} hook prints the
 * run's figures as one JSON line that {@link WrkResultParser} reads, since wrk's own summary
 * rounds latencies and has no p90.
 */
public final class WrkScript {
    /** Starts the line {@code done} prints, so it can be told apart from wrk's own summary. */
    public static final String RESULT_MARKER = "WRK_RESULT ";
    /** The model every chat body names; the AI pipeline routes it to the origin. */
    public static final String BENCH_MODEL = "bench-model";

    private static final String DONE = """
            done = function(summary, latency, requests)
              local e = summary.errors
              io.write(string.format('%s{"requests":%%d,"duration_us":%%d,"bytes":%%d,'
                .. '"errors":{"connect":%%d,"read":%%d,"write":%%d,"status":%%d,"timeout":%%d},'
                .. '"latency_us":{"p50":%%d,"p90":%%d,"p99":%%d,"max":%%d}}\\n',
                summary.requests, summary.duration, summary.bytes,
                e.connect, e.read, e.write, e.status, e.timeout,
                latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
            end
            """.formatted(RESULT_MARKER);

    private WrkScript() {
    }

    /** The script for {@code method} with a filler body of {@code bodyBytes} bytes (none when 0). */
    public static String render(String method, int bodyBytes) {
        return render(method, bodyBytes, LoadSpec.Body.FILLER);
    }

    /** The script for {@code method} with a {@code body} of {@code bodyBytes} bytes (none when 0). */
    public static String render(String method, int bodyBytes, LoadSpec.Body body) {
        StringBuilder lua = new StringBuilder();
        lua.append("wrk.method = \"").append(method).append("\"\n");
        if (bodyBytes > 0) {
            // wrk adds Content-Length for a body; one buffer built once is sent by every request.
            switch (body) {
                case FILLER -> {
                    lua.append("wrk.body = string.rep(\"x\", ").append(bodyBytes).append(")\n");
                    lua.append("wrk.headers[\"Content-Type\"] = \"application/octet-stream\"\n");
                }
                case CHAT_JSON -> {
                    lua.append("wrk.body = '").append(chatJson(bodyBytes)).append("'\n");
                    lua.append("wrk.headers[\"Content-Type\"] = \"application/json\"\n");
                }
            }
        }
        return lua.append(DONE).toString();
    }

    /** A GET sending {@code headers} (names and values without quotes or backslashes) on every request. */
    public static String renderGet(Map<String, String> headers) {
        StringBuilder lua = new StringBuilder("wrk.method = \"GET\"\n");
        headers.forEach((name, value) -> {
            if ((name + value).chars().anyMatch(c -> c == '"' || c == '\\' || c == '\r' || c == '\n')) {
                throw new IllegalArgumentException("wrk header " + name + ": " + value
                        + " (expected: no quote, backslash or line break)");
            }
            lua.append("wrk.headers[\"").append(name).append("\"] = \"").append(value).append("\"\n");
        });
        return lua.append(DONE).toString();
    }

    /**
     * A POST of {@code body} (any text without "]==]", sent as one Lua long string) with
     * {@code headers} (names and values without quotes or backslashes) on every request.
     */
    public static String renderPost(String body, Map<String, String> headers) {
        if (body.contains("]==]")) {
            throw new IllegalArgumentException("wrk body: contains \"]==]\" (expected: a Lua long string's content)");
        }
        String get = renderGet(headers);
        return "wrk.method = \"POST\"\nwrk.body = [==[" + body + "]==]\n"
                + get.substring("wrk.method = \"GET\"\n".length());
    }

    /**
     * A GET that asks the server to close after answering ({@code Connection: close}): wrk then
     * reconnects for the next request, so each request comes on a new connection.
     */
    public static String renderClosing() {
        return "wrk.method = \"GET\"\nwrk.headers[\"Connection\"] = \"close\"\n" + DONE;
    }

    /**
     * A chat request of exactly {@code bytes} bytes (at least the envelope's length): the model
     * first, as clients send it, then one user message padded to size.
     */
    static String chatJson(int bytes) {
        String head = "{\"model\":\"" + BENCH_MODEL + "\",\"messages\":[{\"role\":\"user\",\"content\":\"";
        String tail = "\"}]}";
        int pad = Math.max(0, bytes - head.length() - tail.length());
        return head + "x".repeat(pad) + tail;
    }
}
