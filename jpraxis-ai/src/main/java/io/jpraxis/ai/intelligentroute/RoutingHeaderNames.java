package io.jpraxis.ai.intelligentroute;

import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.HopByHopHeaders;
import io.jpraxis.core.http.ReservedHeaders;
import io.jpraxis.filters.support.HeaderRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which names {@code intelligent_route} accepts for {@code model_header} and {@code route_header}
 * (spec praxis-ai 2.1, 9.2, 9.3; decision 7). One list of prefixes for both, the union of the
 * core's reserved namespaces and the AI ones, so the lists cannot drift apart. Kept here until
 * the shared header-policy validator takes it over.
 */
final class RoutingHeaderNames {
    /** The provider-hop headers this filter alone writes (spec 2.8); owned per decision 13. */
    static final String CANDIDATE = "x-ai-routing-candidate";
    static final String REQUEST_ID = "x-ai-routing-request-id";
    static final String REVISION = "x-ai-routing-revision";
    static final List<String> PROVIDER_HOP = List.of(CANDIDATE, REQUEST_ID, REVISION);

    /** Prefixes neither header may use: the core strips them, or the AI packages own them. */
    static final List<String> RESERVED_PREFIXES = reservedPrefixes();
    /** Prefixes only {@code route_header} must avoid: the AI routing contract's own namespaces. */
    static final List<String> AI_OWNED_PREFIXES = List.of("x-ai-routing-", "x-ai-provider-", "x-ai-demo-");
    /** Names a routing decision must never overwrite: connection, framing, host and credentials. */
    static final Set<String> FORBIDDEN_ROUTE_NAMES = forbiddenRouteNames();

    private RoutingHeaderNames() {
    }

    /** Why {@code name} cannot be {@code model_header}: the expectation, or empty when it is fine. */
    static Optional<String> modelHeaderProblem(String name) {
        if (name.isBlank()) {
            return Optional.of("a non-blank header name");
        }
        if (!HeaderRules.isValidName(name)) {
            return Optional.of(HeaderRules.NAME_EXPECTATION);
        }
        String lower = HeaderMap.normalize(name);
        Optional<String> prefix = startsWithAny(lower, RESERVED_PREFIXES);
        if (prefix.isPresent()) {
            return Optional.of("a header name outside the reserved namespace " + prefix.get() + "*");
        }
        if (PROVIDER_HOP.contains(lower)) {
            return Optional.of("a header name other than the provider-hop headers this filter sets");
        }
        return Optional.empty();
    }

    /**
     * Why {@code name} cannot be {@code route_header}: the expectation, or empty when it is fine.
     *
     * @param affinityHeader the session-affinity header, or null
     */
    static Optional<String> routeHeaderProblem(String name, String modelHeader, String affinityHeader) {
        if (name.startsWith(":")) {
            return Optional.of("a regular header name, not an HTTP/2 pseudo-header");
        }
        if (name.isBlank()) {
            return Optional.of("a non-blank header name");
        }
        if (!HeaderRules.isValidName(name)) {
            return Optional.of(HeaderRules.NAME_EXPECTATION);
        }
        String lower = HeaderMap.normalize(name);
        Optional<String> prefix = startsWithAny(lower, RESERVED_PREFIXES)
                .or(() -> startsWithAny(lower, AI_OWNED_PREFIXES));
        if (prefix.isPresent()) {
            return Optional.of("a header name outside the reserved namespace " + prefix.get() + "*");
        }
        if (FORBIDDEN_ROUTE_NAMES.contains(lower)) {
            return Optional.of("a header that is not hop-by-hop, framing, host or a credential header");
        }
        if (lower.equals(HeaderMap.normalize(modelHeader))) {
            return Optional.of("a header other than model_header (the filter would strip its own input)");
        }
        if (affinityHeader != null && lower.equals(HeaderMap.normalize(affinityHeader))) {
            return Optional.of("a header other than session_affinity.header (the pick would overwrite the "
                    + "session key)");
        }
        return Optional.empty();
    }

    private static Optional<String> startsWithAny(String lower, List<String> prefixes) {
        return prefixes.stream().filter(lower::startsWith).findFirst();
    }

    private static List<String> reservedPrefixes() {
        List<String> out = new ArrayList<>(ReservedHeaders.PREFIXES);
        out.addAll(List.of("x-mcp-", "x-a2a-"));
        return List.copyOf(out);
    }

    private static Set<String> forbiddenRouteNames() {
        Set<String> names = new TreeSet<>(HopByHopHeaders.NAMES);
        names.addAll(List.of("content-length", "transfer-encoding", "host", "authorization", "proxy-authorization",
                "x-api-key", "api-key", "x-goog-api-key", "cookie"));
        return Set.copyOf(names);
    }
}
