package io.jpraxis.ai.overlay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jpraxis.ai.candidate.RandomSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Any bytes as an overlay file: the parser comes to a verdict and never throws. Where Jackson reads
 * the bytes, their JCS form is JSON again and canonicalising it a second time changes nothing; JCS
 * may refuse only what RFC 8785 cannot write (a lone surrogate, a number beyond a double). Input:
 * whether a scope is pinned from the last byte, the file from the rest.
 */
class OverlayParserFuzzTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ExpectedOverlayScope PINNED = new ExpectedOverlayScope("net", null, null, "hub");

    @FuzzTest
    void anyFileComesToAVerdictAndItsJcsFormIsStable(FuzzedDataProvider data) {
        ExpectedOverlayScope expected = data.consumeBoolean() ? PINNED : null;
        byte[] raw = data.consumeRemainingAsBytes();

        OverlayVerdict verdict = OverlayParser.parse(raw, expected, ClusterRule.ROUTE_HEADER_VALUE, RandomSource.threadLocal());

        assertThat(verdict).as("the verdict on any file").isNotNull();
        JsonNode tree = read(raw);
        if (tree == null) {
            return;
        }
        String canonical;
        try {
            canonical = Jcs.canonicalize(tree);
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage()).as("JCS refuses only lone surrogates and non-finite numbers")
                    .containsAnyOf("lone surrogate", "finite number");
            return;
        }
        JsonNode reread = read(canonical.getBytes(StandardCharsets.UTF_8));
        assertThat(reread).as("the JCS form %s is JSON", canonical).isNotNull();
        assertThatCode(() -> assertThat(Jcs.canonicalize(reread)).as("JCS of the JCS form").isEqualTo(canonical))
                .doesNotThrowAnyException();
    }

    private static JsonNode read(byte[] raw) {
        try {
            JsonNode root = JSON.readTree(raw);
            return root == null || root.isMissingNode() ? null : root;
        } catch (IOException e) {
            return null;
        }
    }
}
