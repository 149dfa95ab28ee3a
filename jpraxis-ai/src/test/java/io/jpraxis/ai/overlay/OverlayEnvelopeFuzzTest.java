package io.jpraxis.ai.overlay;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jpraxis.ai.candidate.RandomSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Envelopes that get past the digest: the valid fixture with up to eight of its members replaced,
 * removed or added (real key names, values of every JSON kind), then sealed with the digest of the
 * result as a producer would. The parser reaches the scope, candidate and snapshot checks and
 * comes to a verdict without throwing; an accepted envelope carries the digest it was sealed with.
 * Bytes only rarely reach those checks, hence this target beside {@link OverlayParserFuzzTest}.
 */
class OverlayEnvelopeFuzzTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> KEYS = List.of("schema_version", "revision", "content_digest", "scope",
            "provenance", "overlay", "kind", "algorithm", "value", "network", "gateway", "namespace", "local_site",
            "producer", "producer_version", "source_name", "source_uid", "source_generation", "rendered_at",
            "candidates", "selection_policy", "mode", "generated_at", "name", "site", "cluster", "fresh", "rank",
            "weight", "stable_id", "admission_state", "credential", "strategy", "secret_ref", "secretRef", "header",
            "capabilities", "model", "key");
    private static final List<String> STRINGS = List.of("", " ", "glb-demo", "east-edge", "grid-system", "sim-east-provider", "token", "hub", "1.0.0", "sha256",
            "content_addressed", "inference_model", "deterministic", "roundRobin", "random", "weightedRandom",
            "bearer_token", "new_and_existing", "2026-07-29T00:00:00Z", "2026-13-29T25:00:00+24:00", "a/b", "\u0000",
            "\ud83d\ude00", "x".repeat(300));
    private static final ObjectNode FIXTURE = fixture();

    private static ObjectNode fixture() {
        try {
            return (ObjectNode) JSON.readTree(OverlayFilesForTests.fixture("valid-multi-candidate.json"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @FuzzTest
    void aSealedEnvelopeComesToAVerdict(FuzzedDataProvider data) {
        ObjectNode envelope = FIXTURE.deepCopy();
        int edits = data.consumeInt(0, 8);
        for (int i = 0; i < edits; i++) {
            edit(envelope, data);
        }
        String digest = seal(envelope);
        ExpectedOverlayScope expected = data.consumeBoolean()
                ? new ExpectedOverlayScope(data.pickValue(STRINGS), null, null, data.pickValue(STRINGS)) : null;

        OverlayVerdict verdict = OverlayParser.parse(envelope.toString().getBytes(StandardCharsets.UTF_8), expected,
                data.consumeBoolean() ? ClusterRule.ANY : ClusterRule.ROUTE_HEADER_VALUE, RandomSource.threadLocal());

        assertThat(verdict).as("the verdict on %s", envelope).isNotNull();
        if (verdict instanceof OverlayVerdict.Accepted accepted) {
            assertThat(accepted.revision()).as("the revision of an accepted envelope").isEqualTo(digest);
        }
    }

    /** One change at a container picked among all of the envelope's objects and arrays. */
    private static void edit(ObjectNode envelope, FuzzedDataProvider data) {
        List<JsonNode> containers = new ArrayList<>();
        collect(envelope, containers);
        JsonNode at = data.pickValue(containers);
        if (at instanceof ObjectNode object) {
            String key = data.pickValue(KEYS);
            if (data.consumeBoolean()) {
                object.remove(key);
            } else {
                object.set(key, value(data));
            }
        } else if (at instanceof ArrayNode array) {
            if (!array.isEmpty() && data.consumeBoolean()) {
                array.remove(data.consumeInt(0, array.size() - 1));
            } else {
                array.add(value(data));
            }
        }
    }

    private static void collect(JsonNode node, List<JsonNode> into) {
        if (node.isContainerNode()) {
            into.add(node);
            node.forEach(child -> collect(child, into));
        }
    }

    private static JsonNode value(FuzzedDataProvider data) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        return switch (data.consumeInt(0, 7)) {
            case 0 -> f.textNode(data.pickValue(STRINGS));
            case 1 -> f.textNode(data.consumeString(40));
            case 2 -> f.numberNode(data.consumeLong());
            case 3 -> f.numberNode(data.consumeDouble());
            case 4 -> f.booleanNode(data.consumeBoolean());
            case 5 -> f.nullNode();
            case 6 -> f.objectNode().set(data.pickValue(KEYS), f.textNode(data.pickValue(STRINGS)));
            default -> f.arrayNode().add(FIXTURE.get("overlay").get("candidates").get(0).deepCopy());
        };
    }

    /** Writes the digest of the overlay as it now is into revision and content_digest; returns it. */
    private static String seal(ObjectNode envelope) {
        JsonNode overlay = envelope.get("overlay");
        if (overlay == null || !overlay.isObject()) {
            return null;
        }
        String digest;
        try {
            digest = OverlayDigest.semanticDigest(overlay);
        } catch (IllegalArgumentException e) {
            return null; // no JCS form (a lone surrogate, a non-finite number): the parser refuses it too
        }
        for (String key : new String[] {"revision", "content_digest"}) {
            if (envelope.get(key) instanceof ObjectNode holder) {
                holder.put("value", digest);
            }
        }
        return digest;
    }
}
