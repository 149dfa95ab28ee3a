package io.jpraxis.ai.intelligentroute;

import io.jpraxis.ai.candidate.CandidateKind;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.RequestMetadata;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;

/**
 * Reads what a request asks for (see docs/behaviour/intelligent-route.md#lookup). MCP metadata
 * comes first, so a client's model header cannot hijack tool routing; otherwise the first value of
 * the model header.
 */
final class LookupExtractor {
    /**
     * Longest model or tool name read, in UTF-8 bytes (see
     * docs/behaviour/intelligent-route.md#limits).
     */
    static final int MAX_NAME_BYTES = 256;
    static final String MCP_METHOD = "mcp.method";
    static final String MCP_NAME = "mcp.name";
    private static final String TOOLS_CALL = "tools/call";

    private final String modelHeader;

    LookupExtractor(String modelHeader) {
        this.modelHeader = modelHeader;
    }

    Lookup extract(RequestContext ctx) {
        RequestMetadata metadata = ctx.metadata();
        String method = metadata.get(MCP_METHOD);
        if (method != null) {
            return mcp(method, metadata.get(MCP_NAME));
        }
        String value = ctx.headers().get(modelHeader);
        if (value == null) {
            return Lookup.SKIP;
        }
        if (!isText(value)) {
            return new Lookup.Invalid("model header " + modelHeader + " is not text");
        }
        if (value.isBlank() || byteLength(value) > MAX_NAME_BYTES) {
            return new Lookup.Invalid("model header " + modelHeader + " must be 1 to " + MAX_NAME_BYTES
                    + " bytes and not blank");
        }
        return new Lookup.Found(CandidateKind.INFERENCE_MODEL, value);
    }

    private static Lookup mcp(String method, String name) {
        if (!method.equals(TOOLS_CALL)) {
            return Lookup.SKIP; // initialize, notifications, ...: passed through unrouted
        }
        if (name == null) {
            return new Lookup.Invalid("tools/call without a tool name");
        }
        if (name.isBlank() || byteLength(name) > MAX_NAME_BYTES) {
            return new Lookup.Invalid("tool name must be 1 to " + MAX_NAME_BYTES + " bytes and not blank");
        }
        return new Lookup.Found(CandidateKind.MCP_TOOL, name);
    }

    /**
     * Visible text: no control characters (tab aside). The edge decodes header bytes one to one
     * into chars, so UTF-8 arrives as chars up to 0xFF; those are accepted only when they form
     * valid UTF-8, as Praxis reads the value as a UTF-8 string.
     */
    static boolean isText(String value) {
        boolean high = false;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if ((c < 0x20 && c != '\t') || c == 0x7f) {
                return false;
            }
            high |= c > 0x7f;
        }
        return !high || validUtf8(value);
    }

    private static boolean validUtf8(String value) {
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) > 0xff) {
                return true; // already decoded text (an in-process edge): chars are characters
            }
        }
        byte[] bytes = value.getBytes(StandardCharsets.ISO_8859_1);
        try {
            StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    /**
     * The value's length in bytes as the client sent it: one byte per char for a value the edge
     * decoded byte by byte (every char up to 0xFF), else its UTF-8 length.
     */
    static int byteLength(String value) {
        boolean wide = false;
        for (int i = 0; i < value.length() && !wide; i++) {
            wide = value.charAt(i) > 0xff;
        }
        return wide ? value.getBytes(StandardCharsets.UTF_8).length : value.length();
    }
}
