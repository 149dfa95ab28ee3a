package io.jpraxis.filters.grpc.timeout;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.filters.grpc.timeout.GrpcTimeoutConfig.OnInvalid;
import java.util.List;
import org.junit.jupiter.api.Test;

class GrpcTimeoutFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    private static List<String> refused(String yaml) {
        return build(new GrpcTimeoutFactory(), yaml).refused();
    }

    @Test
    void readsEveryKeyWithDefaults() {
        GrpcTimeoutFilter plain = (GrpcTimeoutFilter) build(new GrpcTimeoutFactory(), "max_timeout_ms: 30000\n")
                .accepted();
        assertThat(plain.config()).isEqualTo(new GrpcTimeoutConfig(30000, null, 0, true, OnInvalid.REJECT));
        GrpcTimeoutFilter all = (GrpcTimeoutFilter) build(new GrpcTimeoutFactory(), """
                max_timeout_ms: 30000
                default_timeout_ms: 10000
                headroom_ms: 50
                propagate: false
                on_invalid: ignore
                """).accepted();
        assertThat(all.config()).isEqualTo(new GrpcTimeoutConfig(30000, 10000L, 50, false, OnInvalid.IGNORE));
    }

    @Test
    void maxTimeoutIsRequiredAndAtMostAnHour() {
        assertThat(refused("{}\n")).singleElement().asString().contains(AT + "max_timeout_ms: missing");
        assertThat(refused("max_timeout_ms: 3600001\n")).singleElement().asString()
                .contains(AT + "max_timeout_ms: 3600001 (expected: an integer from 1 to 3600000)");
        assertThat(refused("max_timeout_ms: 0\n")).singleElement().asString().contains("max_timeout_ms: 0");
    }

    @Test
    void headroomMustBeLessThanMax() {
        assertThat(refused("max_timeout_ms: 1000\nheadroom_ms: 1000\n")).singleElement().asString()
                .contains(AT + "headroom_ms: 1000 (expected: less than max_timeout_ms (1000)");
    }

    @Test
    void defaultMustFitBetweenHeadroomAndMax() {
        assertThat(refused("max_timeout_ms: 1000\ndefault_timeout_ms: 2000\n")).singleElement().asString()
                .contains(AT + "default_timeout_ms: 2000 (expected: at most max_timeout_ms (1000)");
        assertThat(refused("max_timeout_ms: 1000\nheadroom_ms: 100\ndefault_timeout_ms: 100\n")).singleElement()
                .asString().contains(AT + "default_timeout_ms: 100 (expected: greater than headroom_ms (100)");
    }

    @Test
    void unknownKeysAndBadChoicesAreRefused() {
        assertThat(refused("max_timeout_ms: 10\ntimeout_ms: 5\n")).singleElement().asString()
                .contains(AT + "timeout_ms: unknown key");
        assertThat(refused("max_timeout_ms: 10\non_invalid: drop\n")).singleElement().asString()
                .contains(AT + "on_invalid: \"drop\" (expected: reject | ignore)");
    }
}
