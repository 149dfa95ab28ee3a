package io.jpraxis.filters.security.guardrails;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PiiCategoryTest {

    @Test
    void detectsSsnsOnlyBetweenWordBoundaries() {
        assertThat(PiiCategory.SSN.detectsIn("ssn 123-45-6789 on file")).isTrue();
        assertThat(PiiCategory.SSN.detectsIn("order 9123-45-67890")).isFalse();
        assertThat(PiiCategory.SSN.detectsIn("123456789")).as("separators are required").isFalse();
    }

    @Test
    void detectsTheCardFamiliesWithOptionalSeparators() {
        assertThat(PiiCategory.CREDIT_CARD.detectsIn("card 4111 1111 1111 1111")).as("visa").isTrue();
        assertThat(PiiCategory.CREDIT_CARD.detectsIn("5500-0000-0000-0004")).as("mastercard 55").isTrue();
        assertThat(PiiCategory.CREDIT_CARD.detectsIn("2221000000000009")).as("mastercard 2221").isTrue();
        assertThat(PiiCategory.CREDIT_CARD.detectsIn("6011000000000004")).as("discover").isTrue();
        assertThat(PiiCategory.CREDIT_CARD.detectsIn("3782 822463 10005")).as("amex 4-6-5").isTrue();
        assertThat(PiiCategory.CREDIT_CARD.detectsIn("1234 5678 9012 3456")).as("no family").isFalse();
        assertThat(PiiCategory.CREDIT_CARD.detectsIn("2721000000000000")).as("past 2720").isFalse();
    }

    @Test
    void detectsUsPhonesWithMandatorySeparators() {
        assertThat(PiiCategory.PHONE.detectsIn("call 555-234-5678")).isTrue();
        assertThat(PiiCategory.PHONE.detectsIn("call +1 (555) 234-5678")).isTrue();
        assertThat(PiiCategory.PHONE.detectsIn("call 555.234.5678")).isTrue();
        assertThat(PiiCategory.PHONE.detectsIn("5552345678")).as("no separators").isFalse();
        assertThat(PiiCategory.PHONE.detectsIn("155-234-5678")).as("area code starts 2-9").isFalse();
        assertThat(PiiCategory.PHONE.detectsIn("555-134-5678")).as("exchange starts 2-9").isFalse();
    }

    @Test
    void detectsEmailsWithATwoLetterTld() {
        assertThat(PiiCategory.EMAIL.detectsIn("to ops@example.com now")).isTrue();
        assertThat(PiiCategory.EMAIL.detectsIn("to ops@example.c now")).isFalse();
        assertThat(PiiCategory.EMAIL.detectsIn("ops at example dot com")).isFalse();
    }

    @Test
    void namesMatchInAnyCase() {
        assertThat(PiiCategory.named("SSN")).contains(PiiCategory.SSN);
        assertThat(PiiCategory.named("Credit_Card")).contains(PiiCategory.CREDIT_CARD);
        assertThat(PiiCategory.named("social")).isEmpty();
    }
}
