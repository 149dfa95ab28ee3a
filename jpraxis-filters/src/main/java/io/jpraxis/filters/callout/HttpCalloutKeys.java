package io.jpraxis.filters.callout;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.filters.support.HeaderListKeys;
import java.util.List;

/**
 * The keys of an {@code http_callout} entry beside {@code outbound_chain}, which every entry may
 * carry and the builder hands to the factory.
 */
public final class HttpCalloutKeys {
    private static final String NOT_SET = "no hop-by-hop, framing or host names";
    private static final ObjectDescriptor BODY_HEADER = ObjectDescriptor.of("A callout body taken from a client "
            + "request header.",
            key("header", HeaderListKeys.NAME, "The client request header whose value is sent.").asRequired()
                    .withRule(HeaderListKeys.NAME_RULE));

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Sends a callout through its outbound_chain "
            + "and lets the client request through only on an allowed status.",
            key("method", new KeyType.Text(1, 16), "The callout's method.").withDefault("GET")
                    .withRule("upper-case letters, such as GET or POST"),
            key("path", KeyType.text(), "The callout's path; {path} and {query} stand for the client's.")
                    .withDefault("/").withRule("an origin-form path starting with '/', without spaces or control "
                            + "characters"),
            key("headers", HeaderListKeys.PAIRS, "Headers set on the callout.").withDefault("[]").withRule(NOT_SET),
            key("copy_request_headers", HeaderListKeys.NAMES, "Client request headers copied onto the callout.")
                    .withDefault("[]").withRule(NOT_SET),
            key("body", KeyType.oneOf(new KeyType.Choice(List.of("none", "path")), KeyType.object(BODY_HEADER)),
                    "What the callout body carries: nothing, the client's path, or a client request header's "
                            + "value.").withDefault("none"),
            key("timeout_ms", KeyType.integer(1, HttpCalloutConfig.MAX_TIMEOUT_MS), "Callout deadline; an "
                    + "earlier request deadline wins.").asRequired(),
            key("allow_statuses", KeyType.listOf(KeyType.integer(100, 599), 1, null), "Callout statuses that let "
                    + "the client request through.").withDefault("[200]"),
            key("deny_status", KeyType.integer(400, 599), "The status the client gets otherwise.").withDefault(403),
            key("deny_headers", HeaderListKeys.NAMES, "Callout response headers copied onto the denial.")
                    .withDefault("[]").withRule(NOT_SET),
            key("publish_headers", HeaderListKeys.NAMES, "Callout response headers published as results for "
                    + "later filters.").withDefault("[]").withRule("each 1 to 64 letters, digits, '_' or '-'"),
            key("upstream_headers", HeaderListKeys.NAMES, "Callout response headers set on the allowed "
                    + "request (client copies are stripped).").withDefault("[]").withRule(NOT_SET + "; not x-praxis-, x-ext-protocol- or "
                            + "x-ext-agent-"),
            key("max_response_bytes", KeyType.integer(1, HttpCalloutConfig.MAX_RESPONSE_BYTES), "Largest callout "
                    + "response body read.").withDefault(HttpCalloutConfig.DEFAULT_MAX_RESPONSE_BYTES));

    private HttpCalloutKeys() {
    }
}
