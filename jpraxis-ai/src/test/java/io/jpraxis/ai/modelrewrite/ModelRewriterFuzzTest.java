package io.jpraxis.ai.modelrewrite;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jpraxis.ai.modelrewrite.ModelRewriteConfig.Rule;
import io.jpraxis.core.binding.ClusterTags;
import java.io.IOException;
import java.util.List;

/**
 * The splice of {@code model_rewrite} on any body: it never throws, and a rewritten body is JSON
 * that Jackson reads as the original document with only its {@code model} changed, to the rule's
 * {@code to} (which needs escaping). Input: the body as the whole of the data.
 */
class ModelRewriterFuzzTest {
    private static final List<Rule> RULES = List.of(new Rule("a", "quote \" and é\n", null),
            new Rule("gpt-4o", "gpt-4o-2024-08-06", null));
    private static final ModelRewriter REWRITER = new ModelRewriter(RULES);
    private static final ObjectMapper JSON = new ObjectMapper();

    @FuzzTest
    void aRewrittenBodyIsTheOriginalWithOnlyItsModelChanged(byte[] body) {
        byte[] rewritten = REWRITER.rewrite(body, ClusterTags.NONE);

        if (rewritten == null) {
            return;
        }
        JsonNode original = read(body);
        assertThat(original).as("a body that was rewritten is a JSON object").isNotNull();
        JsonNode after = read(rewritten);
        assertThat(after).as("the rewritten body is still a JSON object").isNotNull();
        ObjectNode expected = ((ObjectNode) original).deepCopy();
        JsonNode model = original.get(ModelRewriteConfig.FIELD);
        if (model != null && model.isTextual()) {
            RULES.stream().filter(r -> r.from().equals(model.textValue())).findFirst()
                    .ifPresent(r -> expected.put(ModelRewriteConfig.FIELD, r.to()));
        }
        assertThat(after).as("the rewritten document, as Jackson reads it").isEqualTo(expected);
    }

    private static JsonNode read(byte[] body) {
        try {
            JsonNode root = JSON.readTree(body);
            return root != null && root.isObject() ? root : null;
        } catch (IOException e) {
            return null;
        }
    }
}
