package io.jpraxis.filters.payload.jsonrpc;

import java.util.Optional;

/**
 * The {@code json_rpc} filter's config (see docs/reference/filters/json_rpc.md).
 *
 * @param maxBodyBytes the most request body bytes buffered to read the envelope
 * @param batchPolicy what a batch (a JSON array of messages) does
 * @param onInvalid what a body that is not a valid JSON-RPC 2.0 message does
 * @param headers the request headers the envelope is promoted to
 */
public record JsonRpcConfig(long maxBodyBytes, BatchPolicy batchPolicy, OnInvalid onInvalid, Headers headers) {
    /** Default buffer: 1 MiB. */
    public static final long DEFAULT_MAX_BODY_BYTES = 1024L * 1024;
    /** Largest allowed buffer: 64 MiB, the ceiling of every buffered body. */
    public static final long MAX_BODY_BYTES = 64L * 1024 * 1024;

    /** What a batch does. */
    public enum BatchPolicy {
        /** Refused with 400. */
        REJECT,
        /** The first valid message in the batch is promoted (kind {@code batch}). */
        FIRST
    }

    /** What an invalid body does. */
    public enum OnInvalid {
        /** Passes on; nothing is promoted. */
        CONTINUE,
        /** Refused with 400. */
        REJECT,
        /** A filter failure, handled by {@code failure_mode}. */
        ERROR
    }

    /**
     * Header names for the method, id and kind; an empty one is not set.
     *
     * @param method header for the method name
     * @param id header for the id (as JSON text for numbers, {@code null} for a null id)
     * @param kind header for the kind ({@code request}, {@code notification}, {@code response},
     *     {@code batch})
     */
    public record Headers(Optional<String> method, Optional<String> id, Optional<String> kind) {
        /** Praxis's names, used when the {@code headers} block is absent. */
        public static final Headers DEFAULT = new Headers(Optional.of("X-Json-Rpc-Method"),
                Optional.of("X-Json-Rpc-Id"), Optional.of("X-Json-Rpc-Kind"));
    }
}
