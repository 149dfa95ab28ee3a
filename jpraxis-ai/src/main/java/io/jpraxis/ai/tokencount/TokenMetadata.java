package io.jpraxis.ai.tokencount;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.RequestMetadata;
import io.jpraxis.core.context.TokenUsage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the {@code token.*} metadata contract (see
 * docs/reference/filters/token_count.md#the-token-metadata) and the {@code input_tokens},
 * {@code output_tokens}, {@code total_tokens} results. The three core keys always go together;
 * a breakdown only when the provider reported it.
 */
public final class TokenMetadata {
    public static final String INPUT = "token.input";
    public static final String OUTPUT = "token.output";
    public static final String TOTAL = "token.total";
    public static final String CACHE_READ = "token.cache_read";
    public static final String CACHE_WRITE = "token.cache_write";
    public static final String REASONING = "token.reasoning";
    public static final String STATUS = "token.status";
    public static final String OVERFLOW = "overflow";
    private static final Logger log = LoggerFactory.getLogger(TokenMetadata.class);

    private TokenMetadata() {
    }

    static void publish(RequestContext ctx, TokenUsage usage) {
        RequestMetadata m = ctx.metadata();
        put(m, INPUT, usage.input());
        put(m, OUTPUT, usage.output());
        put(m, TOTAL, usage.total());
        put(m, CACHE_READ, usage.cacheRead());
        put(m, CACHE_WRITE, usage.cacheWrite());
        put(m, REASONING, usage.reasoning());
        result(ctx, "input_tokens", usage.input());
        result(ctx, "output_tokens", usage.output());
        result(ctx, "total_tokens", usage.total());
    }

    static void overflow(RequestContext ctx) {
        if (!ctx.metadata().put(STATUS, OVERFLOW)) {
            log.warn("token_count: request metadata is full; {} not recorded for request {}", STATUS, ctx.requestId());
        }
    }

    private static void put(RequestMetadata m, String key, Long value) {
        if (value != null && !m.put(key, Long.toUnsignedString(value))) {
            log.warn("token_count: request metadata is full ({} keys); {} not recorded", RequestMetadata.MAX_ENTRIES, key);
        }
    }

    private static void result(RequestContext ctx, String key, long value) {
        ctx.results().put(TokenCountFactory.TYPE, key, Long.toUnsignedString(value))
                .ifPresent(problem -> log.warn("token_count: {}", problem));
    }
}
