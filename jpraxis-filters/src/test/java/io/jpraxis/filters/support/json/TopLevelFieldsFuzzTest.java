package io.jpraxis.filters.support.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@link TopLevelFields} against Jackson's full parse: in an object Jackson accepts without
 * repeated keys, each wanted member is found exactly when present, a string as its value, anything
 * else as JSON text that reads back to what Jackson read. A broken document claims nothing (the
 * reader stops once it has every field), except that a non-object yields no field. Input: the body
 * from the front of the data, two wanted names picked by its last two bytes.
 */
class TopLevelFieldsFuzzTest {

    @FuzzTest
    void fieldsAgreeWithJackson(FuzzedDataProvider data) {
        Set<String> wanted = new HashSet<>(List.of(data.pickValue(JacksonOracle.FIELDS), data.pickValue(JacksonOracle.FIELDS)));
        byte[] body = data.consumeRemainingAsBytes();

        Map<String, String> found = TopLevelFields.read(new ByteArrayInputStream(body), wanted);

        assertThat(found.keySet()).as("only wanted fields are returned").isSubsetOf(wanted);
        JsonNode root = JacksonOracle.STRICT.read(body);
        if (root == null) {
            return;
        }
        if (!root.isObject()) {
            assertThat(found).as("fields of a document that is not an object").isEmpty();
            return;
        }
        for (String name : wanted) {
            JsonNode expected = root.get(name);
            if (expected == null) {
                assertThat(found).as("a member the object does not have").doesNotContainKey(name);
            } else if (expected.isTextual()) {
                assertThat(found.get(name)).as("string member %s", name).isEqualTo(expected.textValue());
            } else {
                assertThat(found).as("member %s of a valid object", name).containsKey(name);
                assertThat(JacksonOracle.LENIENT.read(found.get(name).getBytes(StandardCharsets.UTF_8)))
                        .as("member %s, as JSON text, reads back as Jackson read it", name).isEqualTo(expected);
            }
        }
    }
}
