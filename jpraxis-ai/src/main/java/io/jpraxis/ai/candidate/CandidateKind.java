package io.jpraxis.ai.candidate;

import java.util.Optional;

/**
 * What a candidate serves: a model named by the model header, or an MCP tool (see
 * docs/behaviour/intelligent-route.md#placement-in-the-pipeline).
 */
public enum CandidateKind {
    INFERENCE_MODEL("inference_model"),
    MCP_TOOL("mcp_tool");

    private final String wire;

    CandidateKind(String wire) {
        this.wire = wire;
    }

    /** The config and overlay spelling. */
    public String wire() {
        return wire;
    }

    public static Optional<CandidateKind> fromWire(String text) {
        for (CandidateKind k : values()) {
            if (k.wire.equals(text)) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }
}
