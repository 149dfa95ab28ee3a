package io.jpraxis.http.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ForwardedElementsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "for=192.0.2.60;proto=http;by=203.0.113.43 | for=192.0.2.60",
        "for=192.0.2.43, for=198.51.100.17 | for=192.0.2.43, for=198.51.100.17",
        "For=\"[2001:db8:cafe::17]:4711\" | for=\"[2001:db8:cafe::17]:4711\"",
        "proto=https;host=evil.example | ''",
        "for=unknown;host=a, ;for=_hidden | for=unknown, for=_hidden",
        "for=\"a\\\"b\" | for=\"a\\\"b\"",
        "for=\"plain\" | for=plain"})
    void keepsOnlyTheForValuesInOrder(String header, String kept) {
        assertThat(ForwardedElements.earlierFors(header)).as(header).isEqualTo(kept);
    }

    @ParameterizedTest
    @ValueSource(strings = {"for", "for=", "=x", "for=a b", "for=\"open", "for=a;;by", "for=[::1]", "for=a=b",
        "for=\"x\"y", "garbage here"})
    void refusesWhatIsNotRfc7239Syntax(String header) {
        assertThat(ForwardedElements.earlierFors(header)).as(header).isNull();
    }

    @Test
    void anIpv6NodeIsBracketedAndQuoted() {
        StringBuilder out = new StringBuilder();
        ForwardedElements.pair(out, "for", ForwardedElements.node("2001:db8::1"));
        assertThat(out).as("RFC 7239 6: brackets, and quotes for the colons").hasToString("for=\"[2001:db8::1]\"");
        out.setLength(0);
        ForwardedElements.pair(out, "for", ForwardedElements.node("192.0.2.1"));
        assertThat(out).hasToString("for=192.0.2.1");
    }
}
