package io.jpraxis.filters.support;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HeaderRulesTest {

    @Test
    void namesAreRfc9110Tokens() {
        assertThat(HeaderRules.isValidName("X-Custom_1.a!#$%&'*+^`|~")).isTrue();
        assertThat(HeaderRules.isValidName("")).isFalse();
        assertThat(HeaderRules.isValidName("a b")).isFalse();
        assertThat(HeaderRules.isValidName("a:b")).isFalse();
        assertThat(HeaderRules.isValidName("caf\u00e9")).as("non-ASCII is not a token").isFalse();
        assertThat(HeaderRules.isValidName(null)).isFalse();
    }

    @Test
    void valuesRefuseControlCharactersButAllowTabAndUtf8() {
        assertThat(HeaderRules.isValidValue("text/html; q=0.9\tx")).isTrue();
        assertThat(HeaderRules.isValidValue("")).isTrue();
        assertThat(HeaderRules.isValidValue("caf\u00e9")).isTrue();
        assertThat(HeaderRules.isValidValue("a\rb")).isFalse();
        assertThat(HeaderRules.isValidValue("a\nb")).isFalse();
        assertThat(HeaderRules.isValidValue("a\0b")).isFalse();
        assertThat(HeaderRules.isValidValue("a\u007fb")).isFalse();
    }
}
