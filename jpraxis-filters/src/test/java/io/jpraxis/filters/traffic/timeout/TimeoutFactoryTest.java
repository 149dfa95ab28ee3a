package io.jpraxis.filters.traffic.timeout;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TimeoutFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    private static List<String> refused(String yaml) {
        return build(new TimeoutFactory(), yaml).refused();
    }

    @Test
    void acceptsTimeoutMs() {
        TimeoutFilter filter = (TimeoutFilter) build(new TimeoutFactory(), "timeout_ms: 5000\n").accepted();
        assertThat(filter.config()).isEqualTo(new TimeoutConfig(5000));
    }

    @Test
    void timeoutMsIsRequired() {
        assertThat(refused("{}\n")).singleElement().asString().contains(AT + "timeout_ms: missing");
    }

    @Test
    void timeoutMsMustBeFrom1To86400000() {
        for (String value : List.of("0", "-5", "86400001", "\"5000\"", "1.5")) {
            assertThat(refused("timeout_ms: " + value + "\n")).as(value).singleElement().asString()
                    .contains(AT + "timeout_ms: " + value + " (expected: an integer from 1 to 86400000)");
        }
    }

    @Test
    void unknownKeyIsRejectedWithItsPath() {
        assertThat(refused("timeout_ms: 10\ntimeout: 5\n")).singleElement().asString()
                .startsWith("line 2: " + AT + "timeout: unknown key");
    }
}
