package io.jpraxis.ai.tokencount;

/**
 * The response shapes {@code token_count} reads usage from (see
 * docs/reference/filters/token_count.md#provider-mapping), each with its OpenTelemetry
 * {@code gen_ai.provider.name}.
 */
public enum TokenProvider {
    OPENAI("openai"),
    ANTHROPIC("anthropic"),
    GOOGLE("gcp.gemini"),
    BEDROCK("aws.bedrock"),
    /** Bedrock InvokeModel: the counts come in response headers, the body is never read. */
    BEDROCK_INVOKE_MODEL("aws.bedrock"),
    /** Azure OpenAI: the OpenAI schema. */
    AZURE("azure.ai.openai");

    private final String genAiName;

    TokenProvider(String genAiName) {
        this.genAiName = genAiName;
    }

    /** The {@code gen_ai.provider.name} value. */
    public String genAiName() {
        return genAiName;
    }
}
