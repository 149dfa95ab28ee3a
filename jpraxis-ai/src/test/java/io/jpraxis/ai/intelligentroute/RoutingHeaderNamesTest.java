package io.jpraxis.ai.intelligentroute;

import static io.jpraxis.ai.intelligentroute.RouteFixtures.AT;
import static io.jpraxis.ai.intelligentroute.RouteFixtures.TWO_MODELS;
import static io.jpraxis.ai.intelligentroute.RouteFixtures.accepted;
import static io.jpraxis.ai.intelligentroute.RouteFixtures.refused;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Decision 7 and spec praxis-ai 9.2, 9.3: which names route_header may take. */
class RoutingHeaderNamesTest {

    private static String withRouteHeader(String name) {
        return TWO_MODELS + "route_header: \"" + name + "\"\n";
    }

    @ParameterizedTest
    @ValueSource(strings = {"X-Praxis-Destination", "x-MCP-route", "X-Ext-Protocol-Route", "x-ext-AGENT-route",
            "X-AI-Routing-Destination", "X-Ai-Provider-Route", "x-AI-demo-route", "X-A2A-Route",
            "X-AI-ROUTING-CANDIDATE", "x-Ai-Routing-Request-Id", "X-ai-routing-REVISION"})
    void reservedAndAiOwnedNamespacesAreRefusedInAnyCase(String name) {
        assertThat(refused(withRouteHeader(name))).singleElement().asString()
                .startsWith("line 7: " + AT + "route_header: \"" + name + "\" (expected: a header name outside the "
                        + "reserved namespace ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Connection", "keep-alive", "Proxy-Connection", "TE", "Trailer", "Transfer-Encoding",
            "Upgrade", "Proxy-Authenticate", "Proxy-Authorization", "Content-Length", "HOST", "Authorization",
            "X-Api-Key", "API-KEY", "Cookie", "x-goog-api-key"})
    void connectionFramingHostAndCredentialHeadersAreRefused(String name) {
        assertThat(refused(withRouteHeader(name))).containsExactly("line 7: " + AT + "route_header: \"" + name
                + "\" (expected: a header that is not hop-by-hop, framing, host or a credential header)");
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
