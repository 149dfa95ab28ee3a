package io.jpraxis.ai.headers;

import io.jpraxis.ai.candidate.HeaderText;
import io.jpraxis.ai.headers.HeaderRefusal.Rule;
import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ReservedHeaders;
import io.jpraxis.filters.support.HeaderListReader;
import io.jpraxis.filters.support.HeaderRules;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The one validator of configurable header names and values in the AI filters (see
 * docs/behaviour/ext-proc.md#implementation-notes,
 * docs/behaviour/routing-headers.md#the-route-header): {@code model_header}, {@code route_header},
 * promotion targets, credential headers. One list, so the filters cannot drift apart on what a
 * header may be. Names compare ASCII case-insensitively.
 *
 * <p>Every policy refuses the core's and the AI packages' reserved namespaces and the three
 * provider-hop headers {@code intelligent_route} writes: a header set from a body, a credential or
 * a routing decision must never stand in for the authenticated hop context (see
 * docs/behaviour/intelligent-route.md#provider-hop,
 * docs/behaviour/routing-headers.md#the-route-header). {@link #MODEL_HEADER} stops there, as
 * Praxis's {@code model_header} rule does; {@link #CONFIGURABLE} also refuses what frames, routes
 * or authenticates a message; {@link #ROUTE_HEADER} also refuses the AI routing contract's whole
 * namespaces.
 */
public final class HeaderPolicy {
    /** Lower-case prefixes the AI filters reserve for their protocols (MCP, A2A). */
    public static final List<String> AI_RESERVED_PREFIXES = List.of("x-mcp-", "x-a2a-");
    /**
     * Lower-case prefixes of the edge-to-provider routing contract (see
     * docs/behaviour/intelligent-route.md#reserved-namespaces).
     */
    public static final List<String> AI_OWNED_PREFIXES = List.of("x-ai-routing-", "x-ai-provider-", "x-ai-demo-");
    /**
     * The provider-hop candidate header {@code intelligent_route} alone sets (see
     * docs/behaviour/intelligent-route.md#provider-hop).
     */
    public static final String HOP_CANDIDATE = "x-ai-routing-candidate";
    /** The provider-hop request id header {@code intelligent_route} alone sets. */
    public static final String HOP_REQUEST_ID = "x-ai-routing-request-id";
    /** The provider-hop overlay revision header {@code intelligent_route} alone sets. */
    public static final String HOP_REVISION = "x-ai-routing-revision";
    /** The three provider-hop headers, lower case. */
    public static final List<String> PROVIDER_HOP = List.of(HOP_CANDIDATE, HOP_REQUEST_ID, HOP_REVISION);
    /** Fields that frame the message body. */
    public static final Set<String> FRAMING = Set.of("content-length", "transfer-encoding");
    /** Connection-scoped fields (RFC 9110 section 7.6.1) and the non-standard {@code proxy-connection}. */
    public static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "proxy-authenticate",
            "proxy-authorization", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade");
    /** Credential and API-key headers: a body or a routing decision must never set them. */
    public static final Set<String> CREDENTIAL = Set.of("authorization", "proxy-authorization", "x-api-key",
            "api-key", "x-goog-api-key", "cookie");

    /**
     * {@code intelligent_route.model_header} (see
     * docs/reference/filters/intelligent_route.md#keys): the reserved namespaces and the hop
     * headers.
     */
    public static final HeaderPolicy MODEL_HEADER = new HeaderPolicy(false, false, false);
    /** What a header set from a request body must satisfy ({@code model_to_header}). */
    public static final HeaderPolicy CONFIGURABLE = new HeaderPolicy(true, true, false);
    /**
     * {@link #CONFIGURABLE} plus the AI-owned routing namespaces (see
     * docs/behaviour/routing-headers.md#the-route-header).
     */
    public static final HeaderPolicy ROUTE_HEADER = new HeaderPolicy(true, true, true);
    /**
     * The header an {@code apikey} credential goes in (see
     * docs/behaviour/routing-headers.md#credential-references): a credential header is the point
     * here, so only that rule is lifted; the rest of {@link #CONFIGURABLE} holds.
     */
    public static final HeaderPolicy CREDENTIAL_HEADER = new HeaderPolicy(true, false, false);

    /** The expectation printed for a value {@link #isLegalValue} refuses. */
    public static final String VALUE_EXPECTATION =
            "visible ASCII, spaces and tabs only, without leading or trailing whitespace";

    private final boolean refuseMessageFields;
    private final boolean refuseCredential;
    private final boolean refuseAiOwned;

    private HeaderPolicy(boolean refuseMessageFields, boolean refuseCredential, boolean refuseAiOwned) {
        this.refuseMessageFields = refuseMessageFields;
        this.refuseCredential = refuseCredential;
        this.refuseAiOwned = refuseAiOwned;
    }

    /** Why {@code name} may not be configured here, or empty when it may. */
    public Optional<HeaderRefusal> refusal(String name) {
        if (name != null && name.startsWith(":")) {
            return refused(Rule.PSEUDO_HEADER, "a regular header name, not an HTTP/2 pseudo-header");
        }
        if (name != null && name.isBlank()) {
            return refused(Rule.INVALID_NAME, "a non-blank header name");
        }
        if (!isLegalName(name)) {
            return refused(Rule.INVALID_NAME, "a header name made of RFC 9110 token characters");
        }
        String lower = HeaderMap.normalize(name);
        if (ReservedHeaders.isReserved(lower)) {
            return refused(Rule.CORE_RESERVED, inNamespace(prefixOf(lower, ReservedHeaders.PREFIXES)));
        }
        String ai = prefixOf(lower, AI_RESERVED_PREFIXES);
        if (ai != null) {
            return refused(Rule.AI_RESERVED, inNamespace(ai));
        }
        String owned = refuseAiOwned ? prefixOf(lower, AI_OWNED_PREFIXES) : null;
        if (owned != null) {
            return refused(Rule.AI_OWNED, "not in the AI routing contract's " + owned + " namespace");
        }
        if (PROVIDER_HOP.contains(lower)) {
            return refused(Rule.AI_OWNED, "not a provider-hop header, which only intelligent_route sets");
        }
        return refuseMessageFields ? messageFieldRefusal(lower) : Optional.empty();
    }

    /** Fields that frame, route or authenticate the message. */
    private Optional<HeaderRefusal> messageFieldRefusal(String lower) {
        if (FRAMING.contains(lower)) {
            return refused(Rule.FRAMING, "not a framing header (content-length, transfer-encoding)");
        }
        // Before the credential rule: proxy-authorization is both, and never leaves the hop it came on.
        if (HOP_BY_HOP.contains(lower)) {
            return refused(Rule.HOP_BY_HOP, "not a hop-by-hop header");
        }
        if (refuseCredential && CREDENTIAL.contains(lower)) {
            return refused(Rule.CREDENTIAL, "not a credential header (authorization, x-api-key, api-key, "
                    + "x-goog-api-key, cookie)");
        }
        if (lower.equals("host")) {
            return refused(Rule.HOST, "not host");
        }
        return Optional.empty();
    }

    /**
     * The header name under {@code key} of a filter's options, checked by this policy; {@code fallback}
     * when the key is absent, null (reported) when it is not a string or this policy refuses it.
     */
    public String read(MapReader options, String key, String fallback) {
        if (!options.has(key)) {
            options.skip(key);
            return fallback;
        }
        String name = options.requiredString(key);
        return name != null && check(name, options.path(key), options.line(key), options.diagnostics()) ? name : null;
    }

    /**
     * Reports {@code name} at {@code path} when this policy refuses it, as
     * {@code path: "X-Praxis-Foo" (expected: not in the reserved x-praxis- namespace)}.
     *
     * @return true when the name is acceptable
     */
    public boolean check(String name, ConfigPath path, int line, Diagnostics diagnostics) {
        Optional<HeaderRefusal> refusal = refusal(name);
        refusal.ifPresent(r -> diagnostics.invalid(path, line, quote(name), r.expectation()));
        return refusal.isEmpty();
    }

    /** Whether {@code name} is a non-empty RFC 9110 token (section 5.6.2); the rule every header filter uses. */
    public static boolean isLegalName(String name) {
        return HeaderRules.isValidName(name);
    }

    /**
     * Whether {@code value} may go on the wire as it is (RFC 9110 section 5.5): field-vchar (visible
     * ASCII), SP and HTAB only, so no CR/LF injection, no NUL and nothing the wire would re-encode,
     * and no leading or trailing whitespace, which a receiver would strip and so change the value.
     * The empty value is legal.
     */
    public static boolean isLegalValue(String value) {
        return value != null && (value.isEmpty() || HeaderText.isRouteHeaderValue(value));
    }

    /** {@code "text"} with control characters escaped, for messages (as every header filter quotes). */
    public static String quote(String text) {
        return text == null ? "null" : HeaderListReader.quote(text);
    }

    private static Optional<HeaderRefusal> refused(Rule rule, String expectation) {
        return Optional.of(new HeaderRefusal(rule, expectation));
    }

    private static String inNamespace(String prefix) {
        return "not in the reserved " + prefix + " namespace";
    }

    private static String prefixOf(String lowerCaseName, List<String> prefixes) {
        for (String prefix : prefixes) {
            if (lowerCaseName.startsWith(prefix)) {
                return prefix;
            }
        }
        return null;
    }
}
