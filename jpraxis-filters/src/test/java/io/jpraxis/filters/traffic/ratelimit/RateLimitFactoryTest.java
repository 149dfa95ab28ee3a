package io.jpraxis.filters.traffic.ratelimit;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.declarationOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.filters.testing.FilterFixtures.Built;
import io.jpraxis.filters.traffic.ratelimit.RateLimitConfig.Mode;
import java.util.List;
import org.junit.jupiter.api.Test;

class RateLimitFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    private static Built built(String yaml) {
        return build(new RateLimitFactory(), yaml);
    }

    private static List<String> refused(String yaml) {
        return built(yaml).refused();
    }

    @Test
    void appliesDefaultsForPrefixAndShadow() {
        RateLimitFilter filter = (RateLimitFilter) built("mode: per_ip\nrate: 10\nburst: 20\n").accepted();
        assertThat(filter.rateLimitConfig()).isEqualTo(new RateLimitConfig(Mode.PER_IP, 10, 20, 128, false));
    }

    @Test
    void acceptsEveryKeyAndAFractionalRate() {
        RateLimitFilter filter = (RateLimitFilter) built(
                "mode: global\nrate: 0.5\nburst: 1\nshadow: true\n").accepted();
        assertThat(filter.rateLimitConfig()).isEqualTo(new RateLimitConfig(Mode.GLOBAL, 0.5, 1, 128, true));
        RateLimitFilter perIp = (RateLimitFilter) built(
                "mode: per_ip\nrate: 100\nburst: 200\nipv6_prefix_len: 64\n").accepted();
        assertThat(perIp.rateLimitConfig().ipv6PrefixLen()).isEqualTo(64);
    }

    @Test
    void isASecurityClassFilter() {
        assertThat(declarationOf(built("mode: global\nrate: 1\nburst: 1\n").accepted()).traits())
                .as("docs/behaviour/ordering-checks.md#security-class-filters: subject to the conditional_security and open-failure checks")
                .containsExactly(FilterTrait.SECURITY);
    }

    @Test
    void aSubjectKeyDeclaresThatItNeedsTheAuthenticatedSubject() {
        assertThat(declarationOf(built("mode: global\nrate: 1\nburst: 1\nkey: authenticated_subject\n").accepted())
                .traits()).as("subject_without_authentication wants jwt_auth or basic_auth before it")
                .containsExactlyInAnyOrder(FilterTrait.SECURITY, FilterTrait.READS_SUBJECT);
    }

    @Test
    void modeRateAndBurstAreRequired() {
        assertThat(refused("shadow: false\n")).containsExactlyInAnyOrder(
                "line 1: " + AT + "mode: missing (expected: a value; this key is required)",
                "line 1: " + AT + "rate: missing (expected: a value; this key is required)",
                "line 1: " + AT + "burst: missing (expected: a value; this key is required)");
    }

    @Test
    void modeIsGlobalOrPerIp() {
        assertThat(refused("mode: per_client\nrate: 1\nburst: 1\n")).singleElement().asString()
                .isEqualTo("line 1: " + AT + "mode: \"per_client\" (expected: global | per_ip)");
    }

    @Test
    void rateMustBeAPositiveFiniteNumber() {
        for (String value : List.of("0", "-1", "0.0", ".inf", ".nan", "\"10\"", "4294967296")) {
            assertThat(refused("mode: global\nrate: " + value + "\nburst: 10\n")).as(value).singleElement().asString()
                    .contains(AT + "rate: ").contains("(expected: a number greater than 0 and at most 4294967295)");
        }
    }

    @Test
    void burstMustBeAnIntegerFrom1ToTheUnsigned32BitLimit() {
        for (String value : List.of("0", "-3", "4294967296", "1.5", "\"5\"")) {
            assertThat(refused("mode: global\nrate: 0.5\nburst: " + value + "\n")).as(value).singleElement()
                    .asString().contains(AT + "burst: " + value + " (expected: an integer from 1 to 4294967295)");
        }
    }

    @Test
    void burstMustBeAtLeastTheRate() {
        assertThat(refused("mode: global\nrate: 10\nburst: 5\n")).singleElement().asString()
                .isEqualTo("line 3: " + AT + "burst: 5 (expected: at least rate (10))");
        assertThat(refused("mode: global\nrate: 2.5\nburst: 2\n")).singleElement().asString()
                .contains("burst: 2 (expected: at least rate (2.5))");
        built("mode: global\nrate: 10\nburst: 10\n").accepted();
    }

    @Test
    void ipv6PrefixLenIsFrom1To128() {
        for (String value : List.of("0", "129", "\"64\"")) {
            assertThat(refused("mode: per_ip\nrate: 1\nburst: 1\nipv6_prefix_len: " + value + "\n")).as(value)
                    .singleElement().asString()
                    .contains(AT + "ipv6_prefix_len: " + value + " (expected: an integer from 1 to 128)");
        }
    }

    @Test
    void ipv6PrefixLenInGlobalModeIsAcceptedWithAWarning() {
        Built b = built("mode: global\nrate: 1\nburst: 1\nipv6_prefix_len: 64\n");
        b.accepted();
        assertThat(b.warnings()).singleElement().asString()
                .contains(AT + "ipv6_prefix_len").contains("ignored in global mode");
    }

    @Test
    void shadowIsABoolean() {
        assertThat(refused("mode: global\nrate: 1\nburst: 1\nshadow: yes\n")).singleElement().asString()
                .contains(AT + "shadow: ").contains("(expected: true or false)");
    }

    @Test
    void unknownKeyIsRejectedWithItsPath() {
        assertThat(refused("mode: global\nrate: 1\nburst: 1\nbust: 5\n")).singleElement().asString()
                .startsWith("line 4: " + AT + "bust: unknown key");
    }

    @Test
    void authenticatedSubjectKeyIsForGlobalModeOnly() {
        assertThat(((RateLimitFilter) build(new RateLimitFactory(), "mode: global\nrate: 1\nburst: 1\nkey: "
                + "authenticated_subject\n").accepted()).rateLimitConfig()).isEqualTo(new RateLimitConfig(Mode.GLOBAL, 1, 1, 128, false,
                        RateLimitConfig.Key.AUTHENTICATED_SUBJECT));
        assertThat(build(new RateLimitFactory(), "mode: per_ip\nrate: 1\nburst: 1\nkey: authenticated_subject\n")
                .refused()).singleElement().asString().contains("filters[0].key").contains("no key in per_ip mode");
        assertThat(build(new RateLimitFactory(), "mode: global\nrate: 1\nburst: 1\nkey: subject\n").refused())
                .singleElement().asString().contains("authenticated_subject");
    }
}
