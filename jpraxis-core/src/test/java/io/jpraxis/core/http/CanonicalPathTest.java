package io.jpraxis.core.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.core.http.CanonicalPath.Refusal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CanonicalPathTest {

    private static RequestPath accepted(String raw) {
        CanonicalPath.Result result = CanonicalPath.path(raw);
        assertThat(result).as("%s is accepted", raw).isInstanceOf(RequestPath.class);
        return (RequestPath) result;
    }

    private static CanonicalPath.Result refusal(String raw, String query) {
        return CanonicalPath.of(raw, query);
    }

    @ParameterizedTest(name = "{0} is forwarded as {1} and matched as {2}")
    @CsvSource(delimiter = '|', value = {
        // the bypasses of the path guard: each reads /admin for the rules
        "//admin | /admin | /admin",
        "/./admin | /admin | /admin",
        "/x/../admin | /admin | /admin",
        "/%61dmin | /admin | /admin",
        "/admin;x | /admin;x | /admin",
        "/api/../admin | /admin | /admin",
        "/%2e/admin | /admin | /admin",
        "/x/%2e%2E/admin | /admin | /admin",
        "///admin//// | /admin/ | /admin/",
        // The forward form (see
        // docs/behaviour/canonical-path.md#one-form-for-matching-and-forwarding): parameters kept,
        // the rest canonical
        "/ok;x//y/./z | /ok;x/y/z | /ok/y/z",
        "/a;p=1/b;q | /a;p=1/b;q | /a/b",
        "/;x/admin | /;x/admin | /admin",
        "/a/;x | /a/;x | /a/",
        "/a;x/.. | / | /",
        // unreserved escapes decoded (RFC 3986 2.3), the others kept with upper-case hex
        "/%7e%41%2D%5f%30%7A | /~A-_0z | /~A-_0z",
        "/caf%c3%a9 | /caf%C3%A9 | /caf%C3%A9",
        "/a%3bb | /a%3Bb | /a%3Bb",
        "/a%25b%20c%3F | /a%25b%20c%3F | /a%25b%20c%3F",
        "/a%2e%2E/b | /a../b | /a../b",
        // dot segments (RFC 3986 5.2.4) and slashes
        "/a/b/.. | /a/ | /a/",
        "/a/. | /a/ | /a/",
        "/a/.. | / | /",
        "/. | / | /",
        "/ | / | /",
        "// | / | /",
        "/a//../b | /b | /b",
        "/a/./b/../c/ | /a/c/ | /a/c/",
        "/.../..x/.y/x.. | /.../..x/.y/x.. | /.../..x/.y/x..",
        "* | * | *",
    })
    void canonicalisesToOneForwardAndOneMatchForm(String raw, String forward, String match) {
        RequestPath path = accepted(raw);
        assertThat(path.forward()).as("forward form of %s", raw).isEqualTo(forward);
        assertThat(path.match()).as("match form of %s", raw).isEqualTo(match);
    }

    @ParameterizedTest(name = "{0} is refused: {1}")
    @CsvSource(delimiter = '|', value = {
        "/../admin | ABOVE_ROOT",
        "/%2e%2e/admin | ABOVE_ROOT",
        "/.. | ABOVE_ROOT",
        "/a/../../b | ABOVE_ROOT",
        "/a/b/%2E%2E/../.. | ABOVE_ROOT",
        "/admin%2F | ENCODED_SEPARATOR",
        "/admin%2f | ENCODED_SEPARATOR",
        "/a%5cb | ENCODED_SEPARATOR",
        "/a%5Cb | ENCODED_SEPARATOR",
        "/a\\b | BACKSLASH",
        "/admin#x | FRAGMENT",
        "/a%zz | MALFORMED_ESCAPE",
        "/a%4 | MALFORMED_ESCAPE",
        "/a% | MALFORMED_ESCAPE",
        "/a%4/b | MALFORMED_ESCAPE",
        "/a%g1 | MALFORMED_ESCAPE",
        "/a%00 | ENCODED_CONTROL",
        "/a%0a | ENCODED_CONTROL",
        "/a%0D%0A | ENCODED_CONTROL",
        "/a%1F | ENCODED_CONTROL",
        "/a%7f | ENCODED_CONTROL",
        "/..;x/admin | DOT_SEGMENT_WITH_PARAMETERS",
        "/a/.;x | DOT_SEGMENT_WITH_PARAMETERS",
        "/a/%2e%2e;x/b | DOT_SEGMENT_WITH_PARAMETERS",
        "admin | NOT_ORIGIN_FORM",
        "'' | NOT_ORIGIN_FORM",
        "/a b | SPACE",
    })
    void refusesWhatHasNoSafeCanonicalForm(String raw, Refusal expected) {
        assertThat(CanonicalPath.path(raw)).as("%s", raw).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/\u0001", "/a\u007f", "/\u0000admin", "/a\tb", "/a\rb", "/a\nb", "/\u001f"})
    void refusesControlBytes(String raw) {
        assertThat(CanonicalPath.path(raw)).as("%s", raw.replaceAll("\\p{Cntrl}", "?"))
                .isEqualTo(Refusal.CONTROL_CHARACTER);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/caf\u00e9", "/caf\u00c3\u00a9", "/\u20ac", "/a\u0080", "/a\u00ff"})
    void refusesBytesAbove7fRatherThanReEncodingThem(String raw) {
        assertThat(CanonicalPath.path(raw)).as("%s", raw).isEqualTo(Refusal.NON_ASCII);
    }

    @Test
    void theQueryIsNotNormalisedButItsBadBytesAreRefused() {
        assertThat(refusal("/a", "x=\u0001")).as("control byte").isEqualTo(Refusal.CONTROL_CHARACTER);
        assertThat(refusal("/a", "x=\u007f")).as("DEL").isEqualTo(Refusal.CONTROL_CHARACTER);
        assertThat(refusal("/a", "x=\u00e9")).as("byte above 0x7F").isEqualTo(Refusal.NON_ASCII);
        assertThat(refusal("/a", "x#y")).as("fragment").isEqualTo(Refusal.FRAGMENT);
        assertThat(refusal("/a", "x y")).as("space").isEqualTo(Refusal.SPACE);
        assertThat(refusal("/a", "x=%2F..//\\&%zz")).as("escapes, dots and slashes are the origin's business")
                .isEqualTo(new RequestPath("/a", "/a"));
        assertThat(refusal("/../a", "ok")).as("a good query does not save a bad path").isEqualTo(Refusal.ABOVE_ROOT);
    }

    @Test
    void aCanonicalPathIsReturnedWithoutCopying() {
        String raw = "/api/v1/items/%C3%A9-x_y~z.json";
        RequestPath path = accepted(raw);
        assertThat(path.forward()).as("forward form is the input itself").isSameAs(raw);
        assertThat(path.match()).as("match form is the input itself").isSameAs(raw);
        String withParams = "/a;v=1/b";
        assertThat(CanonicalPath.matchForm(withParams)).isEqualTo("/a/b");
        assertThat(CanonicalPath.matchForm("/a/b")).as("no parameters, no copy").isSameAs("/a/b");
    }

    @Test
    void requestPathOfThrowsForARefusedPath() {
        assertThat(RequestPath.of("//x/./y")).isEqualTo(RequestPath.of("/x/y"));
        assertThatThrownBy(() -> RequestPath.of("/../x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("climbs above the root");
    }

    @Test
    void refusalReasonsNameTheProblemAndTheExpectation() {
        for (Refusal refusal : Refusal.values()) {
            assertThat(refusal.reason()).as("%s", refusal).startsWith("request ").contains(": ").contains("(expected: ");
        }
    }
}
