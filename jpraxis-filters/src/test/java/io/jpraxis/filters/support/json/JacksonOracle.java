package io.jpraxis.filters.support.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.util.List;

/**
 * Jackson's full parse of a body, held to the scanners' nesting limit: the reference the fuzz
 * tests compare the streaming scanners with.
 */
final class JacksonOracle {
    /** Field names the fuzz tests ask for, picked by the last bytes of the input. */
    static final List<String> FIELDS = List.of("model", "a", "stream", "");

    /** Repeated keys allowed, the last one kept: what a lenient reader of the body sees. */
    static final JacksonOracle LENIENT = new JacksonOracle(false);
    /** Repeated keys refused: a document where "the first occurrence" and "the value" agree. */
    static final JacksonOracle STRICT = new JacksonOracle(true);

    private final ObjectMapper mapper;

    private JacksonOracle(boolean strictDuplicates) {
        StreamReadConstraints sameLimits = StreamReadConstraints.builder()
                .maxNestingDepth(TopLevelFields.MAX_NESTING_DEPTH).build();
        JsonMapper.Builder builder = JsonMapper.builder(JsonFactory.builder().streamReadConstraints(sameLimits).build())
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        if (strictDuplicates) {
            builder.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        }
        this.mapper = builder.build();
    }

    /** The document as Jackson reads it from characters, or null when Jackson refuses it. */
    JsonNode read(String text) {
        try {
            JsonNode root = mapper.readTree(text);
            return root == null || root.isMissingNode() ? null : root;
        } catch (IOException e) {
            return null;
        }
    }

    /** The whole document as Jackson reads it, or null when Jackson refuses it. */
    JsonNode read(byte[] body) {
        try {
            JsonNode root = mapper.readTree(body);
            return root == null || root.isMissingNode() ? null : root;
        } catch (IOException e) {
            return null;
        }
    }
}
