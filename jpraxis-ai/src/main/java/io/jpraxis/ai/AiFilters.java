package io.jpraxis.ai;

import io.jpraxis.ai.apikeyauth.ApiKeyAuthFactory;
import io.jpraxis.ai.credentialinject.CredentialInjectFactory;
import io.jpraxis.ai.intelligentroute.IntelligentRouteFactory;
import io.jpraxis.ai.modelcatalog.ModelCatalogFactory;
import io.jpraxis.ai.modelfailover.ModelFailoverFactory;
import io.jpraxis.ai.modelrewrite.ModelRewriteFactory;
import io.jpraxis.ai.modeltoheader.ModelToHeaderFactory;
import io.jpraxis.ai.providerroute.ProviderRouteFactory;
import io.jpraxis.ai.streamusage.StreamUsageInjectFactory;
import io.jpraxis.ai.tokencount.TokenCountFactory;
import io.jpraxis.ai.tokenheaders.TokenUsageHeadersFactory;
import io.jpraxis.ai.tokenratelimit.TokenRateLimitFactory;
import io.jpraxis.ai.ttft.TimeToFirstTokenFactory;
import io.jpraxis.core.pipeline.FilterFactory;
import java.util.List;

/** The one explicit list of AI routing filter types, sorted by type name. */
public final class AiFilters {
    private AiFilters() {
    }

    /** A new factory of each AI filter type. */
    public static List<FilterFactory<?>> all() {
        return List.of(new ApiKeyAuthFactory(), new CredentialInjectFactory(), new IntelligentRouteFactory(),
                new ModelCatalogFactory(), new ModelFailoverFactory(), new ModelRewriteFactory(),
                new ModelToHeaderFactory(), new ProviderRouteFactory(), new StreamUsageInjectFactory(),
                new TimeToFirstTokenFactory(),
                new TokenCountFactory(), new TokenRateLimitFactory(), new TokenUsageHeadersFactory());
    }
}
