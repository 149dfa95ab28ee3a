package io.jpraxis.http.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RequestTargetTest {

    @Test
    void splitsOriginFormWithoutDecoding() {
        assertThat(RequestTarget.parse("/a/b%2F?x=1&y")).isEqualTo(new RequestTarget("/a/b%2F", "x=1&y", null));
        assertThat(RequestTarget.parse("/")).isEqualTo(new RequestTarget("/", null, null));
        assertThat(RequestTarget.parse("/p?")).isEqualTo(new RequestTarget("/p", "", null));
    }

    @Test
    void absoluteFormCarriesTheAuthority() {
        assertThat(RequestTarget.parse("http://example.com:8080/x?q")).isEqualTo(new RequestTarget("/x", "q", "example.com:8080"));
        assertThat(RequestTarget.parse("HTTPS://example.com")).isEqualTo(new RequestTarget("/", null, "example.com"));
        assertThat(RequestTarget.parse("http://example.com?q=1")).isEqualTo(new RequestTarget("/", "q=1", "example.com"));
    }

    @Test
    void asteriskFormIsKept() {
        assertThat(RequestTarget.parse("*")).isEqualTo(new RequestTarget("*", null, null));
    }

    @Test
    void refusesOtherForms() {
        assertThat(RequestTarget.parse("")).isNull();
        assertThat(RequestTarget.parse("example.com:443")).as("authority-form is CONNECT-only").isNull();
        assertThat(RequestTarget.parse("ftp://example.com/")).isNull();
        assertThat(RequestTarget.parse("http://user@example.com/")).as("userinfo (RFC 9110 4.2.4)").isNull();
        assertThat(RequestTarget.parse("http:///x")).isNull();
    }
}
