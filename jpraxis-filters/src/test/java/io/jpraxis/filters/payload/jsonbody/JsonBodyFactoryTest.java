package io.jpraxis.filters.payload.jsonbody;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.declarationOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.filters.testing.FilterFixtures.Built;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonBodyFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    private static Built built(String yaml) {
        return build(new JsonBodyFactory(Map.of("TENANT", "acme")::get), yaml);
    }

    private static List<String> refused(String yaml) {
        return built(yaml).refused();
    }

    @Test
    void mutatingRequestOpsBufferReadWriteAndOwnExtractHeaders() {
        HttpFilter f = built("""
                request_add: [{pointer: /a, value: 1}]
                request_extract: [{pointer: /u, header: X-User}]
                max_body_bytes: 4096
                """).accepted();

        assertThat(declarationOf(f).requestBody().access()).isEqualTo(BodyAccess.READ_WRITE);
        assertThat(declarationOf(f).requestBody().mode()).as("pre-read, bounded by max_body_bytes")
                .isEqualTo(BodyMode.buffer(4096));
        assertThat(declarationOf(f).ownedRequestHeaders()).as("a client cannot forge an extracted header")
                .containsExactly("x-user");
        assertThat(declarationOf(f).responseBody().access()).isEqualTo(BodyAccess.NONE);
    }

    @Test
    void extractOnlyDirectionsAreReadOnly() {
        HttpFilter f = built("response_extract: [{pointer: /id, metadata: id}]\n").accepted();

        assertThat(declarationOf(f).requestBody().access()).isEqualTo(BodyAccess.NONE);
        assertThat(declarationOf(f).responseBody().access()).as("never changes a byte")
                .isEqualTo(BodyAccess.READ_ONLY);
        assertThat(declarationOf(f).responseBody().mode()).isEqualTo(BodyMode.buffer(10L * 1024 * 1024));
        assertThat(declarationOf(f).responseHook()).as("the head says whether the body is JSON").isTrue();
    }

    @Test
    void configKeepsEverySource() {
        JsonBodyConfig c = (JsonBodyConfig) built("""
                request_replace:
                  - {pointer: /a, value: [1, x]}
                  - {pointer: /b, metadata: k}
                  - {pointer: /c, structured_metadata: {namespace: n, key: k}}
                  - {pointer: /d, env_var: TENANT}
                """).accepted().config();

        assertThat(c.requestReplace()).extracting(JsonBodyConfig.Write::source).satisfiesExactly(
                s -> assertThat(JsonDocCodec.text(((JsonBodyConfig.ValueSource.Literal) s).value())).isEqualTo("[1,\"x\"]"),
                s -> assertThat(s).isEqualTo(new JsonBodyConfig.ValueSource.Metadata("k")),
                s -> assertThat(s).isEqualTo(new JsonBodyConfig.ValueSource.Structured("n", "k")),
                s -> assertThat(s).isEqualTo(new JsonBodyConfig.ValueSource.EnvVar("TENANT", "acme")));
        assertThat(c.onInvalid()).isEqualTo(JsonBodyConfig.OnInvalid.CONTINUE);
    }

    @Test
    void anEntryWithoutOperationsIsRefused() {
        assertThat(refused("request_add: []\nmax_body_bytes: 10\n")).containsExactly("line 1: "
                + AT.substring(0, AT.length() - 1) + ": no operation (expected: at least one entry in request_add, "
                + "request_replace, request_remove, request_extract, response_remove, response_extract)");
    }

    @Test
    void responseAddAndReplaceMustBeEmpty() {
        assertThat(refused("response_replace: [{pointer: /a, value: 1}]\nresponse_add: []\n"
                + "response_remove: [/b]\n")).containsExactly("line 1: " + AT + "response_replace: not supported "
                + "(expected: empty; a response body can only have members removed or extracted)");
    }

    @Test
    void pointersMustBeRfc6901() {
        assertThat(refused("request_remove: [a/b, /x~2]\n")).containsExactly(
                "line 1: " + AT + "request_remove[0]: \"a/b\" (expected: " + JsonPointer.SYNTAX + ")",
                "line 1: " + AT + "request_remove[1]: \"/x~2\" (expected: " + JsonPointer.SYNTAX + ")");
    }

    @Test
    void theWholeDocumentCannotBeMutated() {
        assertThat(refused("request_remove: [\"\"]\n")).hasSize(1).first().asString()
                .contains("request_remove[0]: \"\" (expected: a pointer below the whole document");
    }

    @Test
    void overlappingMutatingPointersOfOneDirectionAreRefused() {
        assertThat(refused("""
                request_add: [{pointer: /a, value: 1}]
                request_replace: [{pointer: /a/b, value: 2}, {pointer: /ab, value: 3}]
                request_remove: [/a]
                response_remove: [/a]
                """)).containsExactly(
                "line 2: " + AT + "request_replace[0].pointer: \"/a/b\" (expected: a pointer neither equal to nor "
                        + "inside another mutating pointer of this direction; overlaps \"/a\" at " + AT
                        + "request_add[0].pointer)",
                "line 3: " + AT + "request_remove[0]: \"/a\" (expected: a pointer neither equal to nor inside "
                        + "another mutating pointer of this direction; overlaps \"/a\" at " + AT
                        + "request_add[0].pointer)");
    }

    @Test
    void duplicateExtractPointersAreRefusedNestedOnesAllowed() {
        assertThat(refused("""
                request_extract:
                  - {pointer: /a, metadata: a}
                  - {pointer: /a/b, metadata: b}
                  - {pointer: /a, header: X-A}
                """)).containsExactly("line 4: " + AT + "request_extract[2].pointer: \"/a\" (expected: a pointer no "
                + "other extract of this direction reads; also at " + AT + "request_extract[0].pointer)");
    }

    @Test
    void eachOperationTakesExactlyOneSourceOrDestination() {
        assertThat(refused("""
                request_add: [{pointer: /a, value: 1, metadata: m}, {pointer: /b}]
                request_extract: [{pointer: /c}]
                """)).containsExactly(
                "line 1: " + AT + "request_add[0].metadata: set together with value (expected: exactly one of value, "
                        + "metadata, structured_metadata, env_var)",
                "line 1: " + AT + "request_add[1]: none of value, metadata, structured_metadata, env_var (expected: "
                        + "exactly one of value, metadata, structured_metadata, env_var)",
                "line 2: " + AT + "request_extract[0]: none of metadata, structured_metadata, header (expected: "
                        + "exactly one of metadata, structured_metadata, header)");
    }

    @Test
    void headerDestinationsAreCheckedAndRequestOnly() {
        assertThat(refused("""
                request_extract: [{pointer: /a, header: "bad name"}, {pointer: /b, header: Content-Length}]
                response_extract: [{pointer: /c, header: X-C}]
                """)).satisfiesExactly(
                e -> assertThat(e).startsWith("line 1: " + AT + "request_extract[0].header: \"bad name\" (expected:"),
                e -> assertThat(e).isEqualTo("line 1: " + AT + "request_extract[1].header: \"Content-Length\" "
                        + "(expected: a header that is not hop-by-hop, framing or host)"),
                e -> assertThat(e).as("a response cannot set a request header")
                        .startsWith("line 2: " + AT + "response_extract[0]: none of metadata, structured_metadata"),
                e -> assertThat(e).startsWith("line 2: " + AT + "response_extract[0].header: unknown key"));
    }

    @Test
    void anUnsetEnvironmentVariableIsRefused() {
        assertThat(refused("request_add: [{pointer: /a, env_var: NOT_SET}]\n")).containsExactly("line 1: " + AT
                + "request_add[0].env_var: \"NOT_SET\" (expected: an environment variable set at startup)");
    }

    @Test
    void unknownKeysAndBadLimitsAreRefused() {
        assertThat(refused("request_remove: [/a]\nmax_body_bytes: 0\non_invalid: drop\nextra: 1\n")).hasSize(3)
                .anySatisfy(e -> assertThat(e).contains("max_body_bytes"))
                .anySatisfy(e -> assertThat(e).contains("on_invalid"))
                .anySatisfy(e -> assertThat(e).contains("extra: unknown key"));
    }
}
