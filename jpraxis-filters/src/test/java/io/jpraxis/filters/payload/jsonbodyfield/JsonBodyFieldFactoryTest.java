package io.jpraxis.filters.payload.jsonbodyfield;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.declarationOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.filters.payload.jsonbodyfield.JsonBodyFieldConfig.FieldMapping;
import io.jpraxis.filters.testing.FilterFixtures.Built;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonBodyFieldFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    private static Built built(String yaml) {
        return build(new JsonBodyFieldFactory(), yaml);
    }

    private static List<String> refused(String yaml) {
        return built(yaml).refused();
    }

    @Test
    void singleFieldFormWithTheDefaultBuffer() {
        JsonBodyFieldFilter filter = (JsonBodyFieldFilter) built("field: model\nheader: X-Model\n").accepted();

        assertThat(filter.config()).isEqualTo(new JsonBodyFieldConfig(List.of(new FieldMapping("model", "X-Model")),
                JsonBodyFieldConfig.DEFAULT_MAX_BODY_BYTES));
        assertThat(declarationOf(filter).requestBody().access()).isEqualTo(BodyAccess.READ_ONLY);
        assertThat(declarationOf(filter).requestBody().mode()).as("it needs the whole body before routing")
                .isEqualTo(BodyMode.buffer(10L * 1024 * 1024));
        assertThat(declarationOf(filter).responseBody().access()).isEqualTo(BodyAccess.NONE);
        assertThat(declarationOf(filter).ownedRequestHeaders()).as("docs/behaviour/routing-headers.md#headers-a-filter-owns: a client cannot forge the promoted header")
                .containsExactly("x-model");
    }

    @Test
    void listFormAndAnExplicitBuffer() {
        JsonBodyFieldFilter filter = (JsonBodyFieldFilter) built("""
                fields:
                  - field: model
                    header: x-praxis-model
                  - field: user_id
                    header: X-User-Id
                max_body_bytes: 4096
                """).accepted();

        assertThat(filter.config().fields()).containsExactly(new FieldMapping("model", "x-praxis-model"),
                new FieldMapping("user_id", "X-User-Id"));
        assertThat(declarationOf(filter).requestBody().mode()).isEqualTo(BodyMode.buffer(4096));
        assertThat(declarationOf(filter).ownedRequestHeaders()).containsExactlyInAnyOrder("x-praxis-model", "x-user-id");
    }

    @Test
    void fieldAndHeaderAreRequiredInTheSingleForm() {
        assertThat(refused("field: model\n")).containsExactly(
                "line 1: " + AT + "header: missing (expected: a value; this key is required)");
    }

    @Test
    void bothFormsTogetherAreRefused() {
        assertThat(refused("field: model\nheader: X-Model\nfields:\n  - {field: a, header: X-A}\n")).containsExactly(
                "line 1: " + AT + "field: set together with fields (expected: field and header, or a fields list; "
                + "not both)");
    }

    @Test
    void anEmptyFieldsListIsRefused() {
        assertThat(refused("fields: []\n")).containsExactly(
                "line 1: " + AT + "fields: [] (expected: at least one {field, header} mapping)");
    }

    @Test
    void mappingsAreCheckedOneByOne() {
        assertThat(refused("""
                fields:
                  - field: ""
                    header: X-A
                  - field: b
                    header: "bad header"
                  - field: c
                    header: Content-Length
                  - field: d
                    header: authorization
                  - field: e
                    extra: 1
                """)).containsExactlyInAnyOrder(
                "line 2: " + AT + "fields[0].field: \"\" (expected: the name of a top-level JSON field)",
                "line 5: " + AT + "fields[1].header: \"bad header\" (expected: a header name made of RFC 9110 token "
                        + "characters)",
                "line 7: " + AT + "fields[2].header: \"Content-Length\" (expected: a header that is not hop-by-hop, "
                        + "framing, host or a credential header)",
                "line 9: " + AT + "fields[3].header: \"authorization\" (expected: a header that is not hop-by-hop, "
                        + "framing, host or a credential header)",
                "line 10: " + AT + "fields[4].header: missing (expected: a value; this key is required)",
                "line 11: " + AT + "fields[4].extra: unknown key");
    }

    @Test
    void twoMappingsToOneHeaderAreRefused() {
        assertThat(refused("""
                fields:
                  - {field: a, header: X-Model}
                  - {field: b, header: x-model}
                """)).containsExactly(
                "line 3: " + AT + "fields[1].header: \"x-model\" (expected: a header no other mapping of this filter "
                + "promotes to)");
    }

    @Test
    void theBufferIsBoundedBySixtyFourMebibytes() {
        assertThat(refused("field: a\nheader: X-A\nmax_body_bytes: 67108865\n")).singleElement().asString()
                .startsWith("line 3: " + AT + "max_body_bytes: 67108865 (expected: ");
        assertThat(refused("field: a\nheader: X-A\nmax_body_bytes: 0\n")).hasSize(1);
    }

    @Test
    void unknownKeysAreRefused() {
        assertThat(refused("field: a\nheader: X-A\ntrust_existing_header: true\n")).singleElement().asString()
                .startsWith("line 3: " + AT + "trust_existing_header: unknown key");
    }
}
