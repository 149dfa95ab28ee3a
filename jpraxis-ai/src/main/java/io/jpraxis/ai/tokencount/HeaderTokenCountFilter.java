package io.jpraxis.ai.tokencount;

import io.jpraxis.ai.errors.AiApiFilter;
import io.jpraxis.core.context.GenAiExchange;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.TokenUsage;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;

/**
 * {@code token_count} with {@code provider: bedrock_invoke_model} (see
 * docs/reference/filters/token_count.md#provider-mapping): Bedrock InvokeModel reports its counts
 * in response headers, so this filter reads those at the header phase and never the body. Both
 * headers must be unsigned integers; the total is their sum.
 */
final class HeaderTokenCountFilter implements AiApiFilter {
    static final String BEDROCK_INPUT = "x-amzn-bedrock-input-token-count";
    static final String BEDROCK_OUTPUT = "x-amzn-bedrock-output-token-count";
    private static final int U64_DIGITS = 20;

    private final TokenCountConfig config;

    HeaderTokenCountFilter(TokenCountConfig config) {
        this.config = config;
    }

    @Override
    public String type() {
        return TokenCountFactory.TYPE;
    }

    @Override
    public TokenCountConfig config() {
        return config;
    }

    @Override
    public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        if (!RoutedModel.countable(ctx, config.provider().genAiName(), response)) {
            return FilterAction.CONTINUE;
        }
        HeaderMap headers = response.headers();
        Long input = unsigned(headers.get(BEDROCK_INPUT));
        Long output = unsigned(headers.get(BEDROCK_OUTPUT));
        if (input != null && output != null) {
            TokenUsage usage = TokenUsage.of(input, output, TokenUsage.saturatingAdd(input, output));
            GenAiExchange.of(ctx).usage(usage);
            TokenMetadata.publish(ctx, usage);
        }
        return FilterAction.CONTINUE;
    }

    private static Long unsigned(String text) {
        if (text == null || text.isEmpty() || text.length() > U64_DIGITS) {
            return null;
        }
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return null;
            }
        }
        try {
            return Long.parseUnsignedLong(text);
        } catch (NumberFormatException e) {
            return null; // over 2^64 - 1
        }
    }
}
