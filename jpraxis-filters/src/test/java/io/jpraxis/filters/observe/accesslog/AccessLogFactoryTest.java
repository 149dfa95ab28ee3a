package io.jpraxis.filters.observe.accesslog;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class AccessLogFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    private static List<String> refused(String yaml) {
        return build(new AccessLogFactory(), yaml).refused();
    }

    private static AccessLogConfig accepted(String yaml) {
        return ((AccessLogFilter) build(new AccessLogFactory(), yaml).accepted()).config();
    }

    @Test
    void sampleRateDefaultsToEveryExchange() {
        assertThat(accepted("{}\n").sampleRate()).isEqualTo(1.0);
    }

    @Test
    void sampleRateAcceptsFractionsAndOne() {
        assertThat(accepted("sample_rate: 0.25\n").sampleRate()).isEqualTo(0.25);
        assertThat(accepted("sample_rate: 1\n").sampleRate()).isEqualTo(1.0);
    }

    @Test
    void sampleRateMustBeInZeroExclusiveToOne() {
        for (String value : List.of("0", "0.0", "-0.5", "1.5", "\"0.5\"", ".nan")) {
            assertThat(refused("sample_rate: " + value + "\n")).as(value).singleElement().asString()
                    .contains(AT + "sample_rate: ")
                    .contains("(expected: " + AccessLogFactory.SAMPLE_RATE_EXPECTATION + ")");
        }
    }

    @Test
    void unknownKeyIsRejectedWithItsPath() {
        assertThat(refused("sampl_rate: 0.5\n")).singleElement().asString()
                .startsWith("line 1: " + AT + "sampl_rate: unknown key");
    }

    @Test
    void emitTimeConditionsMapIsRefusedAsNotImplementedRatherThanUnknown() {
        // Praxis reads a mapping under access_log's conditions as its own emit-time config (see
        // docs/behaviour/config-loading.md#filter-entries).
        assertThat(refused("conditions: {status: [500]}\n")).singleElement().asString()
                .startsWith("line 1: " + AT + "conditions: not implemented in jpraxis");
    }
}
