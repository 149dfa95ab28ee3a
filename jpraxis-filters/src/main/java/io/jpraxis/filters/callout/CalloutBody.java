package io.jpraxis.filters.callout;

import com.fasterxml.jackson.annotation.JsonValue;
import io.jpraxis.core.context.RequestContext;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** What an {@code http_callout} sends as its body: nothing, the client's path, or a client request header's value. */
public sealed interface CalloutBody permits CalloutBody.None, CalloutBody.RequestPath, CalloutBody.RequestHeader {

    /** The bytes for the request in {@code ctx}; empty for none. */
    byte[] from(RequestContext ctx);

    /** No body (the default). */
    record None() implements CalloutBody {
        /** As written in YAML (the dump reloads). */
        @JsonValue
        public String yaml() {
            return "none";
        }

        @Override
        public byte[] from(RequestContext ctx) {
            return new byte[0];
        }
    }

    /** The client's path and query, as they would go upstream. */
    record RequestPath() implements CalloutBody {
        /** As written in YAML. */
        @JsonValue
        public String yaml() {
            return "path";
        }

        @Override
        public byte[] from(RequestContext ctx) {
            return ctx.target().getBytes(StandardCharsets.UTF_8);
        }
    }

    /** The first value of the client's request header {@code header}; empty when absent. */
    record RequestHeader(String header) implements CalloutBody {
        /** As written in YAML. */
        @JsonValue
        public Map<String, String> yaml() {
            return Map.of("header", header);
        }

        @Override
        public byte[] from(RequestContext ctx) {
            String value = ctx.headers().get(header);
            return value == null ? new byte[0] : value.getBytes(StandardCharsets.UTF_8);
        }
    }
}
