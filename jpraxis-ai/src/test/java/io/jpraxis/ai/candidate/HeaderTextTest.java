package io.jpraxis.ai.candidate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HeaderTextTest {
    @Test
    void headerValuesAreVisibleAsciiSpaceAndTab() {
        assertThat(HeaderText.isHeaderValue("a b\tc~")).isTrue();
        assertThat(HeaderText.isHeaderValue("")).isTrue();
        assertThat(HeaderText.isHeaderValue("a\rb")).isFalse();
        assertThat(HeaderText.isHeaderValue("a\nb")).isFalse();
        assertThat(HeaderText.isHeaderValue("a\u0000")).isFalse();
        assertThat(HeaderText.isHeaderValue("\u007f")).isFalse();
        assertThat(HeaderText.isHeaderValue("é")).isFalse();
    }

    @Test
    void routeHeaderValuesAlsoRefuseEdgeWhitespace() {
        assertThat(HeaderText.isRouteHeaderValue("echo-a.svc.cluster.local:8080")).isTrue();
        assertThat(HeaderText.isRouteHeaderValue("a b")).isTrue();
        assertThat(HeaderText.isRouteHeaderValue(" a")).isFalse();
        assertThat(HeaderText.isRouteHeaderValue("a\t")).isFalse();
        assertThat(HeaderText.isRouteHeaderValue("")).isFalse();
        assertThat(HeaderText.isRouteHeaderValue("a\u0001")).isFalse();
    }

    @Test
    void headerNamesAreTokens() {
        assertThat(HeaderText.isHeaderName("x-api-key")).isTrue();
        assertThat(HeaderText.isHeaderName("x api")).isFalse();
        assertThat(HeaderText.isHeaderName("x:y")).isFalse();
        assertThat(HeaderText.isHeaderName("")).isFalse();
    }

    @Test
    void quoteEscapesControls() {
        assertThat(HeaderText.quote("a\"\n")).isEqualTo("\"a\\\"\\u000a\"");
    }
}
