package io.jpraxis.ai.headers;

/**
 * Why {@link HeaderPolicy} refused a configurable header name: the rule family and the
 * expectation text a diagnostic prints after the name ({@code (expected: ...)}).
 *
 * @param rule which family of names the header fell in
 * @param expectation what the name should have been, naming the prefix or name it hit
 */
public record HeaderRefusal(Rule rule, String expectation) {

    /** The families of header names a configurable header may not use. */
    public enum Rule {
        /** Not an RFC 9110 token (empty, spaces, separators, non-ASCII). */
        INVALID_NAME,
        /** An HTTP/2 pseudo-header ({@code :authority}, ...). */
        PSEUDO_HEADER,
        /** The core's reserved namespaces ({@code x-praxis-}, {@code x-ext-protocol-}, {@code x-ext-agent-}). */
        CORE_RESERVED,
        /** The AI package's reserved namespaces ({@code x-mcp-}, {@code x-a2a-}). */
        AI_RESERVED,
        /**
         * The AI routing contract's own headers: its namespaces ({@code x-ai-routing-}, {@code
         * x-ai-provider-}, {@code x-ai-demo-}) for a route header, the provider-hop headers for every header.
         */
        AI_OWNED,
        /** {@code Content-Length} or {@code Transfer-Encoding}: they frame the message. */
        FRAMING,
        /** Connection-scoped (RFC 9110 section 7.6.1). */
        HOP_BY_HOP,
        /** {@code Host}: it routes the message. */
        HOST,
        /** A credential or API-key header. */
        CREDENTIAL
    }
}
