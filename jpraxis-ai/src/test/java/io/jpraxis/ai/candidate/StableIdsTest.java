package io.jpraxis.ai.candidate;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class StableIdsTest {
    @Test
    void readableFormWhenShortAndLegal() {
        assertThat(StableIds.defaultFor(CandidateKind.MCP_TOOL, "search", "east", "c1"))
                .isEqualTo("mcp_tool/search/east/c1");
    }

    @Test
    void hashesWhenTheReadableFormIsTooLong() throws Exception {
        String name = "m".repeat(250);
        String id = StableIds.defaultFor(CandidateKind.INFERENCE_MODEL, name, "s", "c");
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        for (String f : new String[] {"inference_model", name, "s", "c"}) {
            byte[] b = f.getBytes(StandardCharsets.UTF_8);
            sha.update(ByteBuffer.allocate(8).putLong(b.length).array());
            sha.update(b);
        }
        assertThat(id).isEqualTo("sha256:" + HexFormat.of().formatHex(sha.digest()));
        assertThat(id).hasSize(7 + 64);
    }

    @Test
    void hashesWhenTheReadableFormIsNoHeaderValue() {
        assertThat(StableIds.defaultFor(CandidateKind.INFERENCE_MODEL, "modèle", "s", "c")).startsWith("sha256:");
        assertThat(StableIds.defaultFor(CandidateKind.INFERENCE_MODEL, "a\u0001b", "s", "c")).startsWith("sha256:");
    }

    @Test
    void lengthPrefixesKeepShiftedFieldsApart() {
        String a = StableIds.defaultFor(CandidateKind.INFERENCE_MODEL, "ab\u0001", "c", "d");
        String b = StableIds.defaultFor(CandidateKind.INFERENCE_MODEL, "ab", "\u0001c", "d");
        assertThat(a).as("the same concatenation split differently").isNotEqualTo(b);
    }
}
