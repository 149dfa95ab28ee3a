package io.jpraxis.ai.intelligentroute;

import static io.jpraxis.ai.intelligentroute.RouteFixtures.AT;
import static io.jpraxis.ai.intelligentroute.RouteFixtures.TWO_MODELS;
import static io.jpraxis.ai.intelligentroute.RouteFixtures.accepted;
import static io.jpraxis.ai.intelligentroute.RouteFixtures.refused;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which names route_header may take ({@code HeaderPolicy.ROUTE_HEADER}; see
 * docs/behaviour/routing-headers.md#the-route-header).
 */
class RouteHeaderNameTest {

    private static String withRouteHeader(String name) {
        return TWO_MODELS + "route_header: \"" + name + "\"\n";
    }

    @ParameterizedTest
    @CsvSource({"X-Praxis-Destination, x-praxis-", "x-MCP-route, x-mcp-", "X-Ext-Protocol-Route, x-ext-protocol-",
        "x-ext-AGENT-route, x-ext-agent-", "X-A2A-Route, x-a2a-"})
    void reservedNamespacesAreRefusedInAnyCase(String name, String prefix) {
        assertThat(refused(withRouteHeader(name))).containsExactly("line 7: " + AT + "route_header: \"" + name
                + "\" (expected: not in the reserved " + prefix + " namespace)");
    }

    @ParameterizedTest
    @CsvSource({"X-AI-Routing-Destination, x-ai-routing-", "X-Ai-Provider-Route, x-ai-provider-",
        "x-AI-demo-route, x-ai-demo-", "X-AI-ROUTING-CANDIDATE, x-ai-routing-", "x-Ai-Routing-Request-Id, x-ai-routing-",
        "X-ai-routing-REVISION, x-ai-routing-"})
    void theAiRoutingContractsNamespacesAreRefusedInAnyCase(String name, String prefix) {
        assertThat(refused(withRouteHeader(name))).containsExactly("line 7: " + AT + "route_header: \"" + name
                + "\" (expected: not in the AI routing contract's " + prefix + " namespace)");
    }

    @ParameterizedTest
    @CsvSource({"Connection, not a hop-by-hop header", "keep-alive, not a hop-by-hop header",
        "Proxy-Connection, not a hop-by-hop header", "TE, not a hop-by-hop header", "Trailer, not a hop-by-hop header",
        "Upgrade, not a hop-by-hop header", "Proxy-Authenticate, not a hop-by-hop header",
        "Proxy-Authorization, not a hop-by-hop header",
        "Transfer-Encoding, 'not a framing header (content-length, transfer-encoding)'",
        "Content-Length, 'not a framing header (content-length, transfer-encoding)'", "HOST, not host",
        "Authorization, 'not a credential header (authorization, x-api-key, api-key, x-goog-api-key, cookie)'",
        "X-Api-Key, 'not a credential header (authorization, x-api-key, api-key, x-goog-api-key, cookie)'",
        "API-KEY, 'not a credential header (authorization, x-api-key, api-key, x-goog-api-key, cookie)'",
        "Cookie, 'not a credential header (authorization, x-api-key, api-key, x-goog-api-key, cookie)'",
        "x-goog-api-key, 'not a credential header (authorization, x-api-key, api-key, x-goog-api-key, cookie)'"})
    void connectionFramingHostAndCredentialHeadersAreRefused(String name, String expectation) {
        assertThat(refused(withRouteHeader(name))).containsExactly("line 7: " + AT + "route_header: \"" + name
                + "\" (expected: " + expectation + ")");
    }

    @ParameterizedTest
    @ValueSource(strings = {":authority", ":path"})
    void pseudoHeadersAreRefused(String name) {
        assertThat(refused(withRouteHeader(name))).containsExactly("line 7: " + AT + "route_header: \"" + name
                + "\" (expected: a regular header name, not an HTTP/2 pseudo-header)");
    }

    @Test
    void blankAndInvalidNamesAreRefused() {
        assertThat(refused(withRouteHeader(" "))).containsExactly(
                "line 7: " + AT + "route_header: \" \" (expected: a non-blank header name)");
        assertThat(refused(withRouteHeader("x dest"))).containsExactly("line 7: " + AT
                + "route_header: \"x dest\" (expected: a header name made of RFC 9110 token characters)");
    }

    @Test
    void theModelHeaderAndTheSessionHeaderAreRefusedInAnyCase() {
        assertThat(refused(withRouteHeader("x-model"))).singleElement().asString()
                .contains("route_header: \"x-model\" (expected: a header other than model_header");
        assertThat(refused(TWO_MODELS + "model_header: X-Gateway-Model\nroute_header: x-GATEWAY-model\n"))
                .singleElement().asString().contains("(expected: a header other than model_header");
        assertThat(refused(TWO_MODELS + "session_affinity: {enabled: true, header: X-Session}\n"
                + "route_header: x-session\n")).singleElement().asString()
                .contains("(expected: a header other than session_affinity.header");
    }

    @Test
    void anOrdinaryNameIsAccepted() {
        assertThat(accepted(withRouteHeader("x-gateway-destination-endpoint")).routeConfig().routeHeader())
                .isEqualTo("x-gateway-destination-endpoint");
        assertThat(accepted(withRouteHeader("X-Ai-Routed-To")).routeConfig().routeHeader())
                .as("x-ai- alone is not an owned namespace").isEqualTo("X-Ai-Routed-To");
    }
}
