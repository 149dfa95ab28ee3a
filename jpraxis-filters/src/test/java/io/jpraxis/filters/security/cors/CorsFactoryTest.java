package io.jpraxis.filters.security.cors;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.FilterTrait;
import org.junit.jupiter.api.Test;

class CorsFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    @Test
    void defaultsArePraxisDefaults() {
        CorsConfig config = (CorsConfig) build(new CorsFactory(), "allow_origins: [\"https://a.example\"]\n")
                .accepted().config();
        assertThat(config.allowMethods()).containsExactly("GET", "HEAD", "POST");
        assertThat(config.maxAge()).isEqualTo(86_400);
        assertThat(config.allowCredentials()).isFalse();
        assertThat(config.disallowedOriginMode()).isEqualTo(DisallowedOriginMode.OMIT);
        assertThat(build(new CorsFactory(), "allow_origins: [\"*\"]\n").declared().traits())
                .contains(FilterTrait.SECURITY);
        assertThat(build(new CorsFactory(), "allow_origins: [\"*\"]\n").declared().responseHook()).isTrue();
    }

    @Test
    void missingOrEmptyOriginsAreRefused() {
        assertThat(build(new CorsFactory(), "max_age: 10\n").refused()).singleElement().asString()
                .contains(AT + "allow_origins").contains("required");
        assertThat(build(new CorsFactory(), "allow_origins: []\n").refused()).singleElement().asString()
                .contains(AT + "allow_origins").contains("at least one origin");
    }

    @Test
    void credentialsWithAnyWildcardOrNullOriginAreEachRefused() {
        assertThat(build(new CorsFactory(), """
                allow_origins: ["*"]
                allow_methods: ["*"]
                allow_headers: ["*"]
                allow_credentials: true
                """).refused()).hasSize(3).allSatisfy(e -> assertThat(e).contains("with allow_credentials"));
        assertThat(build(new CorsFactory(), """
                allow_origins: ["https://a.example"]
                allow_null_origin: true
                allow_credentials: true
                """).refused()).singleElement().asString().contains(AT + "allow_null_origin");
    }

    @Test
    void badOriginsNameTheirIndexAndReason() {
        assertThat(build(new CorsFactory(), """
                allow_origins: ["null", "*://a.example", "https://a.*.example", "https://*.*.example",
                  "app.example", "https://a.example/path"]
                """).refused()).satisfiesExactly(
                        e -> assertThat(e).contains(AT + "allow_origins[0]").contains("allow_null_origin"),
                        e -> assertThat(e).contains(AT + "allow_origins[1]").contains("wildcard scheme"),
                        e -> assertThat(e).contains(AT + "allow_origins[2]").contains("not at the start"),
                        e -> assertThat(e).contains(AT + "allow_origins[3]").contains("more than one wildcard"),
                        e -> assertThat(e).contains(AT + "allow_origins[4]").contains("with a scheme"),
                        e -> assertThat(e).contains(AT + "allow_origins[5]").contains("no path"));
    }

    @Test
    void aRegexLookingOriginIsRefusedAsSuch() {
        assertThat(build(new CorsFactory(), "allow_origins: [\"^https://.*\\\\.example\\\\.com$\"]\n").refused())
                .singleElement().asString().contains(AT + "allow_origins[0]")
                .contains("looks like a regular expression");
    }

    @Test
    void starMixedWithOriginsIsRefused() {
        assertThat(build(new CorsFactory(), "allow_origins: [\"*\", \"https://a.example\"]\n").refused())
                .singleElement().asString().contains("mixed with other origins");
    }

    @Test
    void zeroMaxAgeBadModeAndUnknownKeysAreRefused() {
        assertThat(build(new CorsFactory(), """
                allow_origins: ["*"]
                max_age: 0
                disallowed_origin_mode: drop
                allow_origin: x
                """).refused()).hasSize(3).anySatisfy(e -> assertThat(e).contains(AT + "max_age"))
                .anySatisfy(e -> assertThat(e).contains(AT + "disallowed_origin_mode").contains("omit"))
                .anySatisfy(e -> assertThat(e).contains(AT + "allow_origin: unknown key"));
    }
}
