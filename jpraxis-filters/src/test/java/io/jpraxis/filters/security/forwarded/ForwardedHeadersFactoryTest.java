package io.jpraxis.filters.security.forwarded;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.filters.testing.FilterFixtures;
import org.junit.jupiter.api.Test;

class ForwardedHeadersFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    @Test
    void everyUnparsableRangeIsNamedWithItsIndex() {
        assertThat(build(new ForwardedHeadersFactory(), "trusted_proxies: [10.0.0.0/8, lb.internal, 10.0.0.0/33]\n")
                .refused()).hasSize(2)
                .anySatisfy(d -> assertThat(d).asString().contains(AT + "trusted_proxies[1]").contains("lb.internal")
                        .contains("CIDR"))
                .anySatisfy(d -> assertThat(d).asString().contains(AT + "trusted_proxies[2]").contains("10.0.0.0/33"));
    }

    @Test
    void aNonBooleanStandardHeaderFlagIsRefused() {
        assertThat(build(new ForwardedHeadersFactory(), "use_standard_header: sometimes\n").refused())
                .singleElement().asString().contains(AT + "use_standard_header");
    }

    @Test
    void unknownKeysAreRefused() {
        assertThat(build(new ForwardedHeadersFactory(), "trusted_proxy: [10.0.0.0/8]\n").refused())
                .singleElement().asString().contains(AT + "trusted_proxy: unknown key");
    }

    @Test
    void defaultsTrustNobodyAndReadXForwardedFor() {
        FilterFixtures.Built built = build(new ForwardedHeadersFactory(), "{}\n");
        assertThat(built.declaration().traits()).as("security-class (decision 21)").contains(FilterTrait.SECURITY);
        ForwardedHeadersConfig config = (ForwardedHeadersConfig) built.filter().orElseThrow().config();
        assertThat(config.trustedProxies()).isEmpty();
        assertThat(config.useStandardHeader()).isFalse();
    }

    @Test
    void thePraxisExampleShapeBuilds() {
        FilterFixtures.Built built = build(new ForwardedHeadersFactory(),
                "trusted_proxies: [\"10.0.0.0/8\", \"172.16.0.0/12\", \"fd00::/8\"]\nuse_standard_header: true\n");
        ForwardedHeadersConfig config = (ForwardedHeadersConfig) built.filter().orElseThrow().config();
        assertThat(config.trustedProxies()).hasSize(3);
        assertThat(config.useStandardHeader()).isTrue();
    }
}
