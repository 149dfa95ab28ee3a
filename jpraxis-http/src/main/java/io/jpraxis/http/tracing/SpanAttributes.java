package io.jpraxis.http.tracing;

import io.opentelemetry.api.common.AttributeKey;

/**
 * The attribute keys the edge's spans carry: HTTP semantic conventions, jpraxis's routing names, and
 * the GenAI conventions (see docs/behaviour/tracing.md#attributes). Values are bounded: never a
 * body, a credential, a cookie, a full URL or a request id.
 */
final class SpanAttributes {
    static final AttributeKey<String> METHOD = AttributeKey.stringKey("http.request.method");
    static final AttributeKey<Long> STATUS = AttributeKey.longKey("http.response.status_code");
    static final AttributeKey<String> SCHEME = AttributeKey.stringKey("url.scheme");
    static final AttributeKey<String> ROUTE = AttributeKey.stringKey("http.route");
    static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
    static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");
    static final AttributeKey<Long> RESEND_COUNT = AttributeKey.longKey("http.request.resend_count");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    static final AttributeKey<String> LISTENER = AttributeKey.stringKey("jpraxis.listener");
    static final AttributeKey<String> CLUSTER = AttributeKey.stringKey("jpraxis.cluster");
    static final AttributeKey<Boolean> SUBREQUEST = AttributeKey.booleanKey("jpraxis.subrequest");

    static final AttributeKey<String> GENAI_REQUEST_MODEL = AttributeKey.stringKey("gen_ai.request.model");
    static final AttributeKey<String> GENAI_RESPONSE_MODEL = AttributeKey.stringKey("gen_ai.response.model");
    static final AttributeKey<String> GENAI_PROVIDER = AttributeKey.stringKey("gen_ai.provider.name");
    static final AttributeKey<Long> GENAI_INPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.input_tokens");
    static final AttributeKey<Long> GENAI_OUTPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.output_tokens");

    private SpanAttributes() {
    }
}
