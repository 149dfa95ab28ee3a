package io.jpraxis.config.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.FilterEntryConfig;
import org.junit.jupiter.api.Test;

class ChainKeysTest {

    @Test
    void theEntryDescriptorListsExactlyTheReservedKeysInReadingOrder() {
        assertThat(ChainKeys.FILTER_ENTRY.names()).as("keys kept out of a filter's own options")
                .containsExactlyElementsOf(FilterEntryConfig.RESERVED_KEYS);
        assertThat(ChainKeys.FILTER_ENTRY.closed()).as("a filter's own keys sit beside the reserved ones").isFalse();
    }

    @Test
    void everyReferenceSectionIsAMapOfTheConfig() {
        assertThat(ReferenceSections.all().keySet()).containsExactly("top_level", "insecure_options", "body_limits",
                "admin", "runtime", "metrics", "clusters", "filter_chains", "listeners", "telemetry", "filter_entry");
    }
}
