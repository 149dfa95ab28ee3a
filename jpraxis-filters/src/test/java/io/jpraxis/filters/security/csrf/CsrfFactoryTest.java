package io.jpraxis.filters.security.csrf;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.FilterTrait;
import org.junit.jupiter.api.Test;

class CsrfFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    @Test
    void defaultsArePraxisDefaultsAndItIsSecurityClass() {
        CsrfConfig config = (CsrfConfig) build(new CsrfFactory(), "trusted_origins: [\"https://a.example\"]\n")
                .accepted().config();
        assertThat(config.safeMethods()).containsExactly("GET", "HEAD", "OPTIONS");
        assertThat(config.enforcePercentage()).isEqualTo(100);
        assertThat(config.enableSecFetchSite()).isFalse();
        assertThat(build(new CsrfFactory(), "trusted_origins: [\"*\"]\n").declared().traits())
                .contains(FilterTrait.SECURITY);
    }

    @Test
    void safeMethodsAreUppercased() {
        CsrfConfig config = (CsrfConfig) build(new CsrfFactory(), """
                trusted_origins: ["https://a.example"]
                safe_methods: [get, propfind]
                """).accepted().config();
        assertThat(config.safeMethods()).containsExactly("GET", "PROPFIND");
    }

    @Test
    void missingOrEmptyOriginsAreRefused() {
        assertThat(build(new CsrfFactory(), "enforce_percentage: 10\n").refused()).singleElement().asString()
                .contains(AT + "trusted_origins").contains("required");
        assertThat(build(new CsrfFactory(), "trusted_origins: []\n").refused()).singleElement().asString()
                .contains(AT + "trusted_origins").contains("at least one origin");
    }

    @Test
    void badOriginsNameTheirIndexAndReason() {
        assertThat(build(new CsrfFactory(), """
                trusted_origins: ["null", "*://a.example", "https://a.*.example", "https://*.*.example",
                  "https://a.example/path"]
                """).refused()).satisfiesExactly(
                        e -> assertThat(e).contains(AT + "trusted_origins[0]").contains("with a scheme"),
                        e -> assertThat(e).contains(AT + "trusted_origins[1]").contains("wildcard scheme"),
                        e -> assertThat(e).contains(AT + "trusted_origins[2]").contains("not at the start"),
                        e -> assertThat(e).contains(AT + "trusted_origins[3]").contains("more than one wildcard"),
                        e -> assertThat(e).contains(AT + "trusted_origins[4]").contains("no path"));
    }

    @Test
    void starMixedWithOriginsIsRefused() {
        assertThat(build(new CsrfFactory(), "trusted_origins: [\"*\", \"https://a.example\"]\n").refused())
                .singleElement().asString().contains("mixed with other origins");
    }

    @Test
    void everyOtherBadValueIsListed() {
        assertThat(build(new CsrfFactory(), """
                trusted_origins: ["https://a.example"]
                safe_methods: []
                enforce_percentage: 101
                enable_sec_fetch_site: "yes"
                sampling: 5
                """).refused()).satisfiesExactlyInAnyOrder(
                        e -> assertThat(e).contains(AT + "safe_methods").contains("at least one method"),
                        e -> assertThat(e).contains(AT + "enforce_percentage"),
                        e -> assertThat(e).contains(AT + "enable_sec_fetch_site"),
                        e -> assertThat(e).contains(AT + "sampling"));
        assertThat(build(new CsrfFactory(), "trusted_origins: [\"*\"]\nenforce_percentage: -1\n").refused())
                .singleElement().asString().contains(AT + "enforce_percentage");
    }
}
