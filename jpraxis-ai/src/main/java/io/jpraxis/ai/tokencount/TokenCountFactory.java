package io.jpraxis.ai.tokencount;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import java.util.Optional;
import java.util.Set;

/** Builds {@code token_count} filters (see docs/reference/filters/token_count.md). */
public final class TokenCountFactory implements FilterFactory<TokenCountConfig> {
    /** The YAML type name. */
    public static final String TYPE = "token_count";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(TokenCountKeys.KEYS);
    }

    @Override
    public Optional<TokenCountConfig> read(MapReader options, FilterReadContext context) {
        Optional<TokenProvider> provider = options.require("provider")
                ? options.enumValue("provider", TokenProvider.class) : Optional.empty();
        long maxBody = options.integer("max_body_bytes").orElse(TokenCountConfig.DEFAULT_LIMIT);
        long maxScratch = options.integer("max_scratch_bytes").orElse(TokenCountConfig.DEFAULT_LIMIT);
        if (!options.finishCleanly() || provider.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new TokenCountConfig(provider.get(), maxBody, maxScratch));
    }

    /**
     * Reads the response body as it streams (never holding it back: its own bounded copy is what it
     * parses), except for {@code bedrock_invoke_model}, which reads only response headers.
     */
    @Override
    public FilterDeclaration declare(TokenCountConfig config) {
        FilterDeclaration d = FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.WRITES_TOKEN_USAGE))
                .withResponseHook(true);
        return config.provider() == TokenProvider.BEDROCK_INVOKE_MODEL ? d
                : d.withResponseBody(BodyAccess.READ_ONLY, BodyMode.STREAM).withLogHook();
    }

    @Override
    public HttpFilter create(TokenCountConfig config, FilterBuildContext context) {
        return config.provider() == TokenProvider.BEDROCK_INVOKE_MODEL ? new HeaderTokenCountFilter(config)
                : new TokenCountFilter(config);
    }
}
