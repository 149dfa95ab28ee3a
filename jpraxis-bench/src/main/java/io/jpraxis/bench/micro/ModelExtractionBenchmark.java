package io.jpraxis.bench.micro;

import io.jpraxis.ai.modeltoheader.ModelToHeaderFilter;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code model_to_header}'s body hook (the shared {@code json_body_field} scan) over a buffered
 * chat-completion body of 2 KiB and 200 KiB, with {@code model} as the first field and as the
 * last. The scan stops at the field, so an early model should cost about the same at both sizes
 * and a late one should grow with the body.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ModelExtractionBenchmark {
    /** Where the model field stands in the body. */
    public enum Position { EARLY, LATE }

    static final String MODEL = "meta-llama/Llama-3.1-8B-Instruct";

    @Param({"2048", "204800"})
    public int bodyBytes;

    @Param
    public Position position;

    ModelToHeaderFilter filter;
    BodyChunk body;
    /**
     * Reused across invocations: the hook overwrites the header and the result it sets, and a
     * fresh context per call would add its own allocation to a figure meant to be the scan's.
     */
    RequestContext request;

    @Setup
    public void setup() {
        filter = BenchGateway.filter(BenchGateway.compile(BenchConfigs.modelToHeader()), ModelToHeaderFilter.class);
        body = BodyChunk.of(chat(bodyBytes, position).getBytes(StandardCharsets.UTF_8), true);
        request = BenchRequests.request("POST", "/v1/chat/completions", "content-type", "application/json");
    }

    /**
     * A chat-completion request of about {@code size} bytes: a conversation of short messages
     * (nested objects the scan must skip) and a few scalar options, {@code model} first or last.
     */
    static String chat(int size, Position position) {
        StringBuilder json = new StringBuilder(size + 256).append('{');
        if (position == Position.EARLY) {
            json.append("\"model\":\"").append(MODEL).append("\",");
        }
        json.append("\"temperature\":0.7,\"stream\":true,\"messages\":[");
        String content = "Summarise the attached design note in three sentences, keeping every number as written.";
        for (int i = 0; json.length() < size - 160; i++) {
            json.append(i == 0 ? "" : ",").append("{\"role\":\"").append(i % 2 == 0 ? "user" : "assistant")
                    .append("\",\"content\":\"").append(i).append(' ').append(content).append("\"}");
        }
        json.append(']');
        if (position == Position.LATE) {
            json.append(",\"model\":\"").append(MODEL).append('"');
        }
        return json.append('}').toString();
    }

    @Benchmark
    public FilterAction extractModel() {
        return filter.onRequestBody(request, body);
    }
}
