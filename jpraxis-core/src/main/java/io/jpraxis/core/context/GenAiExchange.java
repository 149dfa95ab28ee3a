package io.jpraxis.core.context;

import java.util.Optional;

/**
 * What the AI filters learnt about one exchange's model call, kept in the request's extensions
 * ({@link #KEY}) for the access log and the edge's {@code gen_ai.*} meters (see
 * docs/behaviour/metrics.md#genai-metrics): the provider, the model, the token counts so far and
 * the time to the first token. {@code token_count} and {@code time_to_first_token} write it while
 * the response streams, so an exchange cut short (client abort, upstream reset) still shows what
 * was counted up to then. Confined to its request, like the context.
 */
public final class GenAiExchange {
    /** The extension slot. */
    public static final Extensions.Key<GenAiExchange> KEY = new Extensions.Key<>("gen_ai.exchange",
            GenAiExchange.class);
    /** The model label of a model the config does not name: keeps the label set bounded. */
    public static final String OTHER_MODEL = "other";

    private String provider;
    private String model;
    private String modelLabel = OTHER_MODEL;
    private TokenUsage usage;
    private long firstTokenNanos = -1;

    /** The request's record, made on first use. */
    public static GenAiExchange of(RequestContext ctx) {
        Optional<GenAiExchange> existing = ctx.extensions().get(KEY);
        if (existing.isPresent()) {
            return existing.get();
        }
        GenAiExchange created = new GenAiExchange();
        ctx.extensions().put(KEY, created);
        return created;
    }

    /** The OpenTelemetry {@code gen_ai.provider.name} ({@code openai}, {@code aws.bedrock}), or null. */
    public String provider() {
        return provider;
    }

    public void provider(String name) {
        this.provider = name;
    }

    /** The model as the request or the response named it (unbounded: for logs), or null. */
    public String model() {
        return model;
    }

    /**
     * Sets the model; {@code configured} says whether the config (or an overlay) names it, the only
     * case where it becomes the metric label.
     */
    public void model(String name, boolean configured) {
        this.model = name;
        if (configured) {
            this.modelLabel = name;
        }
    }

    /** Sets the model only when none is known yet (a response's own {@code model} field). */
    public void modelIfUnknown(String name) {
        if (model == null && name != null) {
            this.model = name;
        }
    }

    /** The bounded metric label: a configured model's name, else {@value #OTHER_MODEL}. */
    public String modelLabel() {
        return modelLabel;
    }

    /** The counts so far: final once the body ended, partial on a stream still running or cut short. */
    public Optional<TokenUsage> usage() {
        return Optional.ofNullable(usage);
    }

    public void usage(TokenUsage counts) {
        this.usage = counts;
    }

    /** Nanoseconds from the request's arrival to the first body byte of a streamed answer, or -1. */
    public long firstTokenNanos() {
        return firstTokenNanos;
    }

    public void firstTokenNanos(long nanos) {
        this.firstTokenNanos = nanos;
    }
}
