package io.jpraxis.ai.tokenheaders;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import java.util.Optional;
import java.util.Set;

/** Builds {@code token_usage_headers} filters (see docs/reference/filters/token_usage_headers.md). */
public final class TokenUsageHeadersFactory implements FilterFactory<TokenUsageHeadersConfig> {
    /** The YAML type name. */
    public static final String TYPE = "token_usage_headers";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(TokenUsageHeadersKeys.KEYS);
    }

    @Override
    public Optional<TokenUsageHeadersConfig> read(MapReader options, FilterReadContext context) {
        return options.finishCleanly() ? Optional.of(new TokenUsageHeadersConfig()) : Optional.empty();
    }

    @Override
    public FilterDeclaration declare(TokenUsageHeadersConfig config) {
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.READS_TOKEN_USAGE)).withResponseHook(true);
    }

    @Override
    public HttpFilter create(TokenUsageHeadersConfig config, FilterBuildContext context) {
        return new TokenUsageHeadersFilter(config);
    }
}
