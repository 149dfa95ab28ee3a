package io.jpraxis.filters.security.guardrails;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.FilterDeclaration;
import org.junit.jupiter.api.Test;

class GuardrailsFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";
    private static final GuardrailsFactory FACTORY = new GuardrailsFactory();

    @Test
    void headerRulesOnlyNeedNoBodyAndAreASecurityFilter() {
        FilterDeclaration d = build(FACTORY, "rules: [{target: header, name: User-Agent, pattern: 'bad-bot.*'}]\n")
                .declared();
        assertThat(d.traits()).contains(FilterTrait.SECURITY);
        assertThat(d.requestBody().access()).as("no body rule: the body streams").isEqualTo(BodyAccess.NONE);
        assertThat(d.responseBody().access()).isEqualTo(BodyAccess.NONE);
        assertThat(d.responseHook()).as("no response rule: no response phase").isFalse();
    }

    @Test
    void aBodyRuleBuffersTheRequestBodyReadOnlyAtOneMebibyte() {
        FilterDeclaration d = build(FACTORY, "rules: [{target: body, contains: [credit_card]}]\n").declared();
        assertThat(d.requestBody().access()).isEqualTo(BodyAccess.READ_ONLY);
        assertThat(d.requestBody().mode()).isEqualTo(BodyMode.buffer(1 << 20));
        assertThat(d.responseBody().access()).isEqualTo(BodyAccess.NONE);
    }

    @Test
    void responseRulesDeclareTheResponseHookAndBuffer() {
        FilterDeclaration d = build(FACTORY, "rules:\n  - {target: body, phase: response, contains: [ssn]}\n"
                + "  - {target: header, phase: response, name: x-debug, contains: secret}\n").declared();
        assertThat(d.requestBody().access()).as("no request body rule").isEqualTo(BodyAccess.NONE);
        assertThat(d.responseBody().access()).isEqualTo(BodyAccess.READ_ONLY);
        assertThat(d.responseBody().mode()).isEqualTo(BodyMode.buffer(1 << 20));
        assertThat(d.responseHook()).isTrue();
    }

    @Test
    void aLiteralSpelledLikeAPiiCategoryIsRefusedInAnyCase() {
        assertThat(build(FACTORY, "rules: [{target: body, contains: SSN}]\n").refused()).singleElement().asString()
                .contains(AT + "rules[0].contains").contains("PII category name").contains("[ssn]");
        assertThat(build(FACTORY, "rules: [{target: body, contains: \"Credit_Card\"}]\n").refused())
                .singleElement().asString().contains("[credit_card]");
    }

    @Test
    void containsAndPatternAreExclusiveAndOneIsRequired() {
        assertThat(build(FACTORY, "rules: [{target: body, contains: x, pattern: y}]\n").refused()).singleElement()
                .asString().contains(AT + "rules[0].pattern").contains("exactly one of contains or pattern");
        assertThat(build(FACTORY, "rules: [{target: body}]\n").refused()).singleElement().asString()
                .contains(AT + "rules[0].contains: missing").contains("exactly one of");
    }

    @Test
    void emptyValuesAndUnknownCategoriesAreRefused() {
        assertThat(build(FACTORY, "rules: [{target: body, contains: ''}]\n").refused()).singleElement().asString()
                .contains(AT + "rules[0].contains");
        assertThat(build(FACTORY, "rules: [{target: body, contains: []}]\n").refused()).singleElement().asString()
                .contains("at least one PII category");
        assertThat(build(FACTORY, "rules: [{target: body, contains: [ssn, passport]}]\n").refused()).singleElement()
                .asString().contains(AT + "rules[0].contains[1]").contains("passport");
        assertThat(build(FACTORY, "rules: []\n").refused()).singleElement().asString().contains(AT + "rules")
                .contains("at least one rule");
        assertThat(build(FACTORY, "action: reject\n").refused()).singleElement().asString()
                .contains(AT + "rules: missing");
    }

    @Test
    void aHeaderRuleNeedsAValidNameAndABodyRuleTakesNone() {
        assertThat(build(FACTORY, "rules: [{target: header, contains: x}]\n").refused()).singleElement().asString()
                .contains(AT + "rules[0].name: missing");
        assertThat(build(FACTORY, "rules: [{target: header, name: 'bad name', contains: x}]\n").refused())
                .singleElement().asString().contains(AT + "rules[0].name");
        assertThat(build(FACTORY, "rules: [{target: body, name: x-a, contains: x}]\n").refused()).singleElement()
                .asString().contains(AT + "rules[0].name").contains("only with target: header");
    }

    @Test
    void aRegexTheLinearEngineRefusesIsALoadErrorNamingThePattern() {
        assertThat(build(FACTORY, "rules: [{target: body, pattern: '(a)\\1'}]\n").refused()).singleElement()
                .asString().contains(AT + "rules[0].pattern").contains("(a)\\1").contains("linear-time");
        assertThat(build(FACTORY, "rules: [{target: body, pattern: '" + "a".repeat(1025) + "'}]\n").refused())
                .singleElement().asString().contains("at most 1024");
    }

    @Test
    void badEnumsAndUnknownKeysAreRefusedAndEveryErrorIsListed() {
        assertThat(build(FACTORY, "action: log\nrules: [{target: query, contains: x, mode: strict}]\n").refused())
                .hasSize(3).anySatisfy(e -> assertThat(e).contains(AT + "action").contains("flag"))
                .anySatisfy(e -> assertThat(e).contains(AT + "rules[0].target").contains("header"))
                .anySatisfy(e -> assertThat(e).contains(AT + "rules[0].mode: unknown key"));
    }

    @Test
    void theConfigKeepsEveryRuleInOrder() {
        GuardrailsConfig c = (GuardrailsConfig) build(FACTORY, "action: flag\nreject_oversized: true\nrules:\n"
                + "  - {target: header, name: X-A, contains: trusted, negate: true}\n"
                + "  - {target: body, pattern: '^\\{', phase: request}\n").accepted().config();
        assertThat(c.action()).isEqualTo(GuardrailsConfig.Action.FLAG);
        assertThat(c.rejectOversized()).isTrue();
        assertThat(c.rules()).extracting(GuardrailRule::header).containsExactly("X-A", null);
        assertThat(c.rules().get(0).negate()).isTrue();
        assertThat(c.rules().get(1).match()).isEqualTo(new GuardrailRule.Regex("^\\{"));
    }
}
