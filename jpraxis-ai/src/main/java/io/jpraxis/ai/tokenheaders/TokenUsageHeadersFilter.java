package io.jpraxis.ai.tokenheaders;

import io.jpraxis.ai.errors.AiApiFilter;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.RequestMetadata;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import java.util.List;

/**
 * {@code token_usage_headers} (see docs/reference/filters/token_usage_headers.md): in the response
 * phase, when {@code token.input}, {@code token.output} and {@code token.total} are all known, sets
 * {@code Praxis-Token-Input}, {@code -Output} and {@code -Total}, and {@code Praxis-Token-Status}
 * when {@code token.status} is. Counts read from a body arrive after the headers left, so only
 * header-borne counts ({@code bedrock_invoke_model}) ever show. The upstream's own copies of these
 * headers are always removed, so a client never mistakes an origin's numbers for the gateway's.
 */
public final class TokenUsageHeadersFilter implements AiApiFilter {
    static final String INPUT = "Praxis-Token-Input";
    static final String OUTPUT = "Praxis-Token-Output";
    static final String TOTAL = "Praxis-Token-Total";
    static final String STATUS = "Praxis-Token-Status";
    private static final List<String> COUNT_KEYS = List.of("token.input", "token.output", "token.total");
    private static final List<String> HEADERS = List.of(INPUT, OUTPUT, TOTAL);

    private final TokenUsageHeadersConfig config;

    TokenUsageHeadersFilter(TokenUsageHeadersConfig config) {
        this.config = config;
    }

    @Override
    public String type() {
        return TokenUsageHeadersFactory.TYPE;
    }

    @Override
    public TokenUsageHeadersConfig config() {
        return config;
    }

    @Override
    public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        HeaderMap headers = response.headers();
        HEADERS.forEach(headers::remove);
        headers.remove(STATUS);
        RequestMetadata m = ctx.metadata();
        if (COUNT_KEYS.stream().allMatch(k -> m.get(k) != null)) {
            for (int i = 0; i < COUNT_KEYS.size(); i++) {
                String value = m.get(COUNT_KEYS.get(i));
                if (decimal(value)) { // a value another filter left malformed is skipped alone
                    headers.set(HEADERS.get(i), value);
                }
            }
        }
        String status = m.get("token.status");
        if (status != null && token(status)) {
            headers.set(STATUS, status);
        }
        return FilterAction.CONTINUE;
    }

    private static boolean decimal(String value) {
        if (value.isEmpty() || value.length() > 20) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean token(String value) {
        if (value.isEmpty() || value.length() > 64) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (!(Character.isLetterOrDigit(c) && c < 128) && c != '_' && c != '-') {
                return false;
            }
        }
        return true;
    }
}
