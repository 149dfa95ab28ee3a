package io.jpraxis.ai;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.pipeline.FilterFactory;
import org.junit.jupiter.api.Test;

/** The AI filters' registration list (the counterpart of BuiltInFiltersTest). */
class AiFiltersTest {

    @Test
    void listsEachAiFilterTypeOnceSortedByName() {
        assertThat(AiFilters.all()).extracting(FilterFactory::type).as("sorted, one of each")
                .containsExactly("api_key_auth", "credential_inject", "intelligent_route", "model_catalog", "model_failover",
                        "model_rewrite", "model_to_header", "provider_route", "stream_usage_inject", "time_to_first_token", "token_count",
                        "token_rate_limit",
                        "token_usage_headers");
    }
}
