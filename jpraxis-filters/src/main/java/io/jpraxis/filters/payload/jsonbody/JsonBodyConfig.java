package io.jpraxis.filters.payload.jsonbody;

import java.util.List;

/**
 * The {@code json_body} filter's config (see docs/reference/filters/json_body.md): JSON-pointer
 * operations per direction, which bodies they apply to, and what an invalid body does.
 *
 * @param requestAdd values added to the request body (inserted when absent, else overwritten)
 * @param requestReplace values replacing existing request body members or elements
 * @param requestRemove pointers removed from the request body
 * @param requestExtract request body values copied to metadata or a header
 * @param responseRemove pointers removed from the response body
 * @param responseExtract response body values copied to metadata
 * @param contentTypes {@code Content-Type} prefixes of the bodies worked on; empty means every body
 * @param maxBodyBytes the most body bytes buffered in each direction
 * @param onInvalid what a body that is not one JSON document does
 */
public record JsonBodyConfig(
        List<Write> requestAdd,
        List<Write> requestReplace,
        List<JsonPointer> requestRemove,
        List<Extract> requestExtract,
        List<JsonPointer> responseRemove,
        List<Extract> responseExtract,
        List<String> contentTypes,
        long maxBodyBytes,
        OnInvalid onInvalid) {
    /** Default buffer per direction: 10 MiB. */
    public static final long DEFAULT_MAX_BODY_BYTES = 10L * 1024 * 1024;
    /** Largest allowed buffer: 64 MiB, the ceiling of every buffered body. */
    public static final long MAX_BODY_BYTES = 64L * 1024 * 1024;

    public JsonBodyConfig {
        requestAdd = List.copyOf(requestAdd);
        requestReplace = List.copyOf(requestReplace);
        requestRemove = List.copyOf(requestRemove);
        requestExtract = List.copyOf(requestExtract);
        responseRemove = List.copyOf(responseRemove);
        responseExtract = List.copyOf(responseExtract);
        contentTypes = List.copyOf(contentTypes);
    }

    /** Whether the request body is changed (not just read). */
    public boolean mutatesRequest() {
        return !requestAdd.isEmpty() || !requestReplace.isEmpty() || !requestRemove.isEmpty();
    }

    /** Whether any operation works on the request body. */
    public boolean touchesRequest() {
        return mutatesRequest() || !requestExtract.isEmpty();
    }

    /** Whether the response body is changed (not just read). */
    public boolean mutatesResponse() {
        return !responseRemove.isEmpty();
    }

    /** Whether any operation works on the response body. */
    public boolean touchesResponse() {
        return mutatesResponse() || !responseExtract.isEmpty();
    }

    /** An add or replace: the value {@code source} gives, written at {@code pointer}. */
    public record Write(JsonPointer pointer, ValueSource source) {
    }

    /** An extract: the value at {@code pointer}, stored at {@code destination}. */
    public record Extract(JsonPointer pointer, Destination destination) {
    }

    /** Where an add or replace takes its value from: exactly one of these. */
    public sealed interface ValueSource {
        /** {@code value}: a JSON value written in the config. */
        record Literal(JsonDoc value) implements ValueSource {
        }

        /** {@code metadata}: the request's flat metadata entry {@code key}, as a JSON string. */
        record Metadata(String key) implements ValueSource {
        }

        /** {@code structured_metadata}: a JSON value an extract stored under {@code namespace}/{@code key}. */
        record Structured(String namespace, String key) implements ValueSource {
        }

        /**
         * {@code env_var}: the variable {@code name}, read once at load, as a JSON string.
         *
         * @param value what it held at load
         */
        record EnvVar(String name, String value) implements ValueSource {
            @Override
            public String toString() {
                return "EnvVar[name=" + name + "]"; // the value may be a secret
            }
        }
    }

    /** Where an extract stores its value: exactly one of these. */
    public sealed interface Destination {
        /** {@code metadata}: the request's flat metadata entry {@code key} (values of at most 256 bytes). */
        record Metadata(String key) implements Destination {
        }

        /** {@code structured_metadata}: the JSON value itself under {@code namespace}/{@code key}. */
        record Structured(String namespace, String key) implements Destination {
        }

        /** {@code header}: request header {@code name} (request extracts only; values of at most 256 bytes). */
        record Header(String name) implements Destination {
        }
    }

    /** What a body that is not one JSON document does. */
    public enum OnInvalid {
        /** Passes on unchanged. */
        CONTINUE,
        /** The request is refused with 400 (a response is aborted). */
        REJECT,
        /** A filter failure, handled by {@code failure_mode}. */
        ERROR
    }
}
