package io.jpraxis.filters.transform.headers;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class HeadersFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    private static List<String> refused(String yaml) {
        return build(new HeadersFactory(), yaml).refused();
    }

    @Test
    void unknownKeyIsRejectedWithItsPath() {
        assertThat(refused("request_ad: []\n"))
                .containsExactly("line 1: " + AT + "request_ad: unknown key (did you mean 'request_add'?)");
    }

    @Test
    void unknownKeyInsideAPairIsRejected() {
        assertThat(refused("""
                request_set:
                  - {name: a, value: b, valu: c}
                """)).singleElement().asString().contains(AT + "request_set[0].valu: unknown key");
    }

    @Test
    void pairsNeedNameAndValue() {
        List<String> errors = refused("""
                request_add:
                  - {name: a}
                  - {value: b}
                """);
        assertThat(errors).hasSize(2);
        assertThat(errors).anySatisfy(e -> assertThat(e).contains(AT + "request_add[0].value: missing"))
                .anySatisfy(e -> assertThat(e).contains(AT + "request_add[1].name: missing"));
    }

    @Test
    void namesMustBeValidHeaderNames() {
        List<String> errors = refused("""
                request_add: [{name: "bad name", value: v}]
                response_remove: ["x:y"]
                request_remove: [""]
                """);
        assertThat(errors).hasSize(3).allSatisfy(e -> assertThat(e).contains("expected: a header name made of RFC 9110 token"));
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("request_add[0].name: \"bad name\""))
                .anySatisfy(e -> assertThat(e).contains("response_remove[0]: \"x:y\""))
                .anySatisfy(e -> assertThat(e).contains("request_remove[0]: \"\""));
    }

    @Test
    void valuesMustNotCarryLineBreaksOrNul() {
        List<String> errors = refused("""
                request_set: [{name: a, value: "x\\r\\nInjected: 1"}]
                response_add: [{name: b, value: "nul\\0"}]
                """);
        assertThat(errors).hasSize(2);
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("request_set[0].value: \"x\\r\\nInjected: 1\" "
                + "(expected: a header value without control characters such as CR, LF or NUL)"))
                .anySatisfy(e -> assertThat(e).contains("response_add[0].value: \"nul\\u0000\""));
    }

    @Test
    void hopByHopNamesAreRefusedOnTheResponseSide() {
        List<String> errors = refused("""
                response_add: [{name: Connection, value: close}]
                response_set: [{name: transfer-encoding, value: chunked}, {name: Proxy-Connection, value: x}]
                """);
        assertThat(errors).hasSize(3).allSatisfy(e -> assertThat(e).contains("expected: a header name that is not hop-by-hop"));
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("response_add[0].name: \"Connection\""));
    }

    @Test
    void hopByHopNamesAreAllowedOnTheRequestSideAndInRemovals() {
        build(new HeadersFactory(), """
                request_set: [{name: te, value: trailers}]
                response_remove: [connection]
                """).accepted();
    }

    @Test
    void wrongTypesAreReportedWithTheExpectation() {
        assertThat(refused("request_add: {name: a, value: b}\n")).singleElement().asString()
                .contains(AT + "request_add: {...} (expected: a list)");
    }
}
