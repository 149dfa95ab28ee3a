package io.jpraxis.ai.headers;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.headers.HeaderRefusal.Rule;
import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One list of what a configurable header name or value may be (see
 * docs/behaviour/ext-proc.md#implementation-notes,
 * docs/behaviour/routing-headers.md#the-route-header).
 */
class HeaderPolicyTest {

    private static Optional<Rule> rule(HeaderPolicy policy, String name) {
        return policy.refusal(name).map(HeaderRefusal::rule);
    }

    @ParameterizedTest
    @ValueSource(strings = {"X-Model", "x-gateway-model-name", "x-gateway-destination-endpoint", "x-session-id",
            "X-Praxis", "x-mcpx", "x-ai-routingx", "hostname", "x-api-keys"})
    void acceptsOrdinaryNames(String name) {
        assertThat(HeaderPolicy.CONFIGURABLE.refusal(name)).as(name).isEmpty();
        assertThat(HeaderPolicy.ROUTE_HEADER.refusal(name)).as(name).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({
        "X-Praxis-Foo, CORE_RESERVED", "x-praxis-iterative-depth, CORE_RESERVED", "X-EXT-PROTOCOL-a, CORE_RESERVED",
        "x-ext-agent-id, CORE_RESERVED", "X-Mcp-Method, AI_RESERVED", "x-a2a-task, AI_RESERVED",
        "Content-Length, FRAMING", "transfer-encoding, FRAMING", "Connection, HOP_BY_HOP", "keep-alive, HOP_BY_HOP",
        "proxy-authenticate, HOP_BY_HOP", "proxy-connection, HOP_BY_HOP", "TE, HOP_BY_HOP", "trailer, HOP_BY_HOP",
        "upgrade, HOP_BY_HOP", "Host, HOST", "Authorization, CREDENTIAL", "proxy-authorization, HOP_BY_HOP",
        "X-API-Key, CREDENTIAL", "api-key, CREDENTIAL", "x-goog-api-key, CREDENTIAL", "Cookie, CREDENTIAL"})
    void refusesEachFamilyInAnyCase(String name, Rule expected) {
        assertThat(rule(HeaderPolicy.CONFIGURABLE, name)).as(name).contains(expected);
        assertThat(rule(HeaderPolicy.ROUTE_HEADER, name)).as(name + " as a route header").contains(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"x-ai-routing-destination", "x-ai-provider-request-id", "x-ai-provider-attribution",
            "X-Ai-Demo-Provider-Gateway"})
    void routeHeadersMayNotUseTheAiRoutingContractsNamespaces(String name) {
        assertThat(rule(HeaderPolicy.ROUTE_HEADER, name)).as(name).contains(Rule.AI_OWNED);
        assertThat(HeaderPolicy.CONFIGURABLE.refusal(name)).as("only route headers are held to the whole namespaces")
                .isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"x-ai-routing-candidate", "X-AI-Routing-Request-Id", "x-ai-routing-REVISION"})
    void noPolicyLetsAHeaderStandInForTheProviderHopContext(String name) {
        // A body, a credential or a decision setting one would forge the hop context a provider trusts.
        for (HeaderPolicy policy : new HeaderPolicy[] {HeaderPolicy.MODEL_HEADER, HeaderPolicy.CONFIGURABLE,
            HeaderPolicy.ROUTE_HEADER, HeaderPolicy.CREDENTIAL_HEADER}) {
            assertThat(rule(policy, name)).as(name).contains(Rule.AI_OWNED);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"Authorization", "Host", "Connection", "Content-Length", "x-ai-provider-x"})
    void theModelHeaderPolicyHoldsOnlyTheNamespacesAsPraxisDoes(String name) {
        assertThat(HeaderPolicy.MODEL_HEADER.refusal(name)).as(name).isEmpty();
        assertThat(rule(HeaderPolicy.MODEL_HEADER, "X-Praxis-Model")).contains(Rule.CORE_RESERVED);
        assertThat(rule(HeaderPolicy.MODEL_HEADER, "x-mcp-tool")).contains(Rule.AI_RESERVED);
        assertThat(HeaderPolicy.MODEL_HEADER.refusal(" ").orElseThrow().expectation())
                .isEqualTo("a non-blank header name");
    }

    @Test
    void theCredentialHeaderPolicyLiftsOnlyTheCredentialRule() {
        for (String name : new String[] {"x-api-key", "Authorization", "api-key", "x-goog-api-key"}) {
            assertThat(HeaderPolicy.CREDENTIAL_HEADER.refusal(name)).as(name).isEmpty();
        }
        assertThat(rule(HeaderPolicy.CREDENTIAL_HEADER, "proxy-authorization")).contains(Rule.HOP_BY_HOP);
        assertThat(rule(HeaderPolicy.CREDENTIAL_HEADER, "x-praxis-key")).contains(Rule.CORE_RESERVED);
        assertThat(rule(HeaderPolicy.CREDENTIAL_HEADER, "host")).contains(Rule.HOST);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "x model", "x-model ", "x:model", "x-mödel", "x\r\nmodel", "(x)"})
    void refusesNamesThatAreNotTokens(String name) {
        assertThat(rule(HeaderPolicy.CONFIGURABLE, name)).as("[" + name + "]").contains(Rule.INVALID_NAME);
    }

    @Test
    void refusesPseudoHeadersAndNull() {
        assertThat(rule(HeaderPolicy.CONFIGURABLE, ":authority")).contains(Rule.PSEUDO_HEADER);
        assertThat(rule(HeaderPolicy.CONFIGURABLE, null)).contains(Rule.INVALID_NAME);
    }

    @Test
    void theExpectationNamesThePrefixOrFamilyHit() {
        assertThat(HeaderPolicy.CONFIGURABLE.refusal("X-Ext-Agent-Id").orElseThrow().expectation())
                .isEqualTo("not in the reserved x-ext-agent- namespace");
        assertThat(HeaderPolicy.CONFIGURABLE.refusal("x-a2a-id").orElseThrow().expectation())
                .isEqualTo("not in the reserved x-a2a- namespace");
        assertThat(HeaderPolicy.ROUTE_HEADER.refusal("x-ai-provider-x").orElseThrow().expectation())
                .contains("x-ai-provider-");
        assertThat(HeaderPolicy.CONFIGURABLE.refusal("x-api-key").orElseThrow().expectation())
                .startsWith("not a credential header");
    }

    @Test
    void checkReportsPathValueAndExpectation() {
        Diagnostics d = new Diagnostics();
        ConfigPath path = ConfigPath.root().key("filter_chains").index(0).key("filters").index(1).key("header");

        assertThat(HeaderPolicy.CONFIGURABLE.check("X-Praxis-Foo", path, 7, d)).isFalse();
        assertThat(HeaderPolicy.CONFIGURABLE.check("X-Model", path, 7, d)).isTrue();

        assertThat(d.errors()).map(Diagnostic::render).containsExactly("line 7: filter_chains[0].filters[1].header: "
                + "\"X-Praxis-Foo\" (expected: not in the reserved x-praxis- namespace)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "gpt-4o", "echo-a.svc.cluster.local:8080", "Bearer abc.def", "a\tb", "~!@#$%^&*()"})
    void legalValues(String value) {
        assertThat(HeaderPolicy.isLegalValue(value)).as("[" + value + "]").isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {" lead", "trail ", "\tlead", "trail\t", " ", "a\r\nx-evil: 1", "a\nb", "nul\0",
            "del\u007f", "caf\u00e9", "\u0001"})
    void illegalValues(String value) {
        assertThat(HeaderPolicy.isLegalValue(value)).as("[" + value + "]").isFalse();
        assertThat(HeaderPolicy.isLegalValue(null)).isFalse();
    }

    @Test
    void quoteEscapesControlsSoAMessageStaysOneLine() {
        assertThat(HeaderPolicy.quote("a\r\n\"b\"\u0000")).isEqualTo("\"a\\r\\n\\\"b\\\"\\u0000\"");
    }
}
