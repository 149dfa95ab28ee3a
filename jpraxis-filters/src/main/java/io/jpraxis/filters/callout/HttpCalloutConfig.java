package io.jpraxis.filters.callout;

import io.jpraxis.config.model.HeaderValue;
import java.util.List;

/**
 * The typed config of one {@code http_callout} entry (its {@code outbound_chain} is the entry's,
 * built apart).
 *
 * @param method the callout's method, upper-case
 * @param path where the callout goes, with {@code {path}} and {@code {query}} standing for the client's
 * @param headers fixed headers the callout carries
 * @param copyRequestHeaders client request headers copied onto the callout by name (no others, so never
 *     the client's {@code Authorization} unless listed)
 * @param body what the callout sends as its body
 * @param timeoutMs the callout's deadline, connect to last response byte
 * @param allowStatuses callout statuses that let the request go on; any other denies it
 * @param denyStatus the status a denied client gets
 * @param denyHeaders callout response headers passed to a denied client
 * @param publishHeaders callout response headers published as results (key: the lower-case name)
 * @param upstreamHeaders callout response headers set on the allowed request before it goes on
 * @param maxResponseBytes the callout response body bytes accepted
 */
public record HttpCalloutConfig(
        String method,
        PathTemplate path,
        List<HeaderValue> headers,
        List<String> copyRequestHeaders,
        CalloutBody body,
        long timeoutMs,
        List<Integer> allowStatuses,
        int denyStatus,
        List<String> denyHeaders,
        List<String> publishHeaders,
        List<String> upstreamHeaders,
        long maxResponseBytes) {

    /** Default {@code timeout_ms} is none: a callout's bound must be chosen. The most it may be. */
    public static final long MAX_TIMEOUT_MS = 60_000;
    /** Default {@code max_response_bytes}: a decision service answers briefly. */
    public static final long DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;
    /** The most {@code max_response_bytes} may be. */
    public static final long MAX_RESPONSE_BYTES = 1024 * 1024;

    public HttpCalloutConfig {
        headers = List.copyOf(headers);
        copyRequestHeaders = List.copyOf(copyRequestHeaders);
        allowStatuses = List.copyOf(allowStatuses);
        denyHeaders = List.copyOf(denyHeaders);
        publishHeaders = List.copyOf(publishHeaders);
        upstreamHeaders = List.copyOf(upstreamHeaders);
    }
}
