package io.jpraxis.ai.tokencount;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jpraxis.core.context.GenAiExchange;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.TokenUsage;
import io.jpraxis.core.filter.BodyChunk;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * One response's usage capture (see docs/reference/filters/token_count.md#json-bodies and
 * #server-sent-events): a bounded copy of a JSON body parsed at its end, or an SSE scan that
 * updates the exchange's counts event by event, so an interrupted stream still shows what was
 * counted. The body itself is never changed or held back. Confined to one exchange.
 */
final class TokenCapture implements SseScanner.Sink {
    /** How the body is read. */
    enum Mode { JSON, SSE }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final byte[] USAGE = "\"usage".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] MODEL = "\"model".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] DONE = "[DONE]".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final TokenCountConfig config;
    private final GenAiExchange exchange;
    private final Mode mode;
    private final StreamTally tally = new StreamTally();
    private ByteArrayOutputStream copy;
    private SseScanner scanner;
    private boolean jsonOverflow;
    private boolean finished;

    TokenCapture(TokenCountConfig config, GenAiExchange exchange, Mode mode) {
        this.config = config;
        this.exchange = exchange;
        this.mode = mode;
        if (mode == Mode.SSE) {
            scanner = new SseScanner(config.maxScratchBytes(), this);
        } else {
            copy = new ByteArrayOutputStream((int) Math.min(config.maxBodyBytes(), 8192));
        }
    }

    /** Takes one body piece (a read-only view; only the scanner's own copy is kept). */
    void piece(BodyChunk body) {
        if (finished) {
            return;
        }
        for (ByteBuffer b : body.buffers()) {
            if (mode == Mode.SSE) {
                scanner.feed(b);
            } else {
                copyJson(b);
            }
        }
    }

    private void copyJson(ByteBuffer b) {
        if (jsonOverflow) {
            return;
        }
        if ((long) copy.size() + b.remaining() > config.maxBodyBytes()) {
            jsonOverflow = true;
            copy = null; // nothing more is parsed: give the copy back now
            return;
        }
        if (b.hasArray()) {
            copy.write(b.array(), b.arrayOffset() + b.position(), b.remaining());
        } else {
            byte[] bytes = new byte[b.remaining()];
            b.get(bytes);
            copy.writeBytes(bytes);
        }
    }

    /**
     * Ends the capture and publishes the {@code token.*} metadata: at the body's end ({@code
     * complete}), or when the exchange ended first, with what a stream counted so far (a cut JSON
     * body cannot be parsed and publishes nothing). Only the first call does anything.
     */
    void finish(RequestContext ctx, boolean complete) {
        if (finished) {
            return;
        }
        finished = true;
        if (mode == Mode.SSE) {
            if (complete) {
                scanner.finish();
            }
            TokenUsage usage = tally.usage();
            if (tally.overflow()) {
                TokenMetadata.overflow(ctx);
            }
            publish(ctx, usage);
            return;
        }
        if (jsonOverflow) {
            TokenMetadata.overflow(ctx);
            return;
        }
        if (complete) {
            JsonNode root = parse(copy.toByteArray(), copy.size());
            copy = null;
            if (root != null) {
                exchange.modelIfUnknown(responseModel(root));
                ParsedUsage parsed = UsageParsers.complete(config.provider(), root);
                if (parsed.hasCounts()) {
                    tally.complete(parsed);
                    publish(ctx, tally.usage());
                }
            }
        }
    }

    private void publish(RequestContext ctx, TokenUsage usage) {
        if (usage != null) {
            exchange.usage(usage);
            TokenMetadata.publish(ctx, usage);
        }
    }

    @Override
    public void event(byte[] data, int length) {
        if (length == DONE.length && contains(data, length, DONE)) {
            return;
        }
        boolean wantModel = exchange.model() == null;
        if (!contains(data, length, USAGE) && !(wantModel && contains(data, length, MODEL))) {
            return; // most chunks of a stream carry text only: no parse for them
        }
        JsonNode event = parse(data, length);
        if (event == null) {
            return;
        }
        if (wantModel) {
            exchange.modelIfUnknown(responseModel(event));
        }
        // Anthropic's counts are cumulative and merged by maximum, so a message_delta that repeats
        // the input without its cache counts never lowers it (docs/reference/filters/token_count.md).
        ParsedUsage complete = config.provider() == TokenProvider.ANTHROPIC ? ParsedUsage.NONE
                : UsageParsers.complete(config.provider(), event);
        if (complete.hasCounts()) {
            tally.complete(complete);
        } else {
            ParsedUsage partial = UsageParsers.partial(config.provider(), event);
            if (!partial.hasCounts()) {
                return;
            }
            tally.partial(partial);
        }
        exchange.usage(tally.usage());
    }

    @Override
    public void dropped() {
        tally.dropped();
    }

    /** The model a response names: top-level {@code model}, a Messages stream's {@code message.model}, Responses' {@code response.model}, Gemini's {@code modelVersion}. */
    private static String responseModel(JsonNode root) {
        String model = UsageFields.text(root, "model");
        if (model == null) {
            model = UsageFields.text(UsageFields.object(root, "message"), "model");
        }
        if (model == null) {
            model = UsageFields.text(UsageFields.object(root, "response"), "model");
        }
        return model != null ? model : UsageFields.text(root, "modelVersion");
    }

    /** The JSON object in {@code bytes[0..length)}, or null when it is not one (never an error). */
    private static JsonNode parse(byte[] bytes, int length) {
        try {
            JsonNode node = JSON.readTree(bytes, 0, length);
            return node != null && node.isObject() ? node : null;
        } catch (IOException e) {
            return null;
        }
    }

    private static boolean contains(byte[] data, int length, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (data[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
