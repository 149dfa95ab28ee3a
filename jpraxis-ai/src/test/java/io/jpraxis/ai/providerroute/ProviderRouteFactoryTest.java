package io.jpraxis.ai.providerroute;

import static io.jpraxis.ai.testing.AiFixtures.AT;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.candidate.CredentialRef;
import io.jpraxis.ai.candidate.CredentialStrategy;
import io.jpraxis.ai.candidate.SecretRef;
import io.jpraxis.ai.providerroute.ProviderRouteConfig.Route;
import io.jpraxis.ai.testing.AiFixtures;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.FilterDeclaration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every key and bound of {@code provider_route} (see docs/reference/filters/provider_route.md#keys). */
class ProviderRouteFactoryTest {
    private static final String R0 = AT + "routes[0].";
    private static final String ROUTE = """
              - candidate_id: gpt-east
                cluster: openai-east
                model: gpt-4o
                paths: [/v1/chat/completions]
            """;

    private static String config(String top, String routes) {
        return top + "routes:\n" + routes;
    }

    private static String withProvider(String routes) {
        return config("provider_id: east-provider\n", routes);
    }

    private static ProviderRouteConfig accepted(String yaml) {
        return ((ProviderRouteFilter) AiFixtures.build(new ProviderRouteFactory(), yaml).accepted()).config();
    }

    private static List<String> refused(String yaml) {
        return AiFixtures.build(new ProviderRouteFactory(), yaml).refused();
    }

    @Test
    void readsAMinimalEntryWithItsDefaults() {
        ProviderRouteConfig c = accepted(withProvider(ROUTE));

        assertThat(c.providerId()).isEqualTo("east-provider");
        assertThat(c.modelHeader()).as("default model header").isEqualTo("X-Model");
        assertThat(c.emitDemoAttribution()).as("off by default").isFalse();
        assertThat(c.routes()).containsExactly(new Route("gpt-east", "openai-east", "gpt-4o",
                List.of("/v1/chat/completions"), null));
    }

    @Test
    void readsABearerCredentialInEitherSpellingAndTheOtherKeys() {
        ProviderRouteConfig c = accepted(config("provider_id: p\nmodel_header: X-Requested-Model\n"
                + "emit_demo_attribution: true\n", """
                  - candidate_id: a
                    cluster: c1
                    model: m
                    paths: [/v1/a, /v1/b]
                    credential: {strategy: bearer_token, secretRef: {name: n, namespace: ns, key: k}}
                  - candidate_id: b
                    cluster: c1
                    model: m
                    paths: [/v1/a]
                    credential: {strategy: bearer_token, secret_ref: {name: n2, namespace: ns, key: k}}
                """));

        assertThat(c.modelHeader()).isEqualTo("X-Requested-Model");
        assertThat(c.emitDemoAttribution()).isTrue();
        assertThat(c.routes()).extracting(Route::credential).containsExactly(
                new CredentialRef(CredentialStrategy.BEARER_TOKEN, null, new SecretRef("n", "ns", "k")),
                new CredentialRef(CredentialStrategy.BEARER_TOKEN, null, new SecretRef("n2", "ns", "k")));
    }

    @Test
    void declaresASecuritySelectorOfItsClustersThatConsumesTheProviderHop() {
        FilterDeclaration d = AiFixtures.build(new ProviderRouteFactory(), withProvider(ROUTE + """
                  - candidate_id: other
                    cluster: openai-east
                    model: gpt-4o-mini
                    paths: [/v1/chat/completions]
                """)).declared();

        assertThat(d.traits()).as("security class, cluster selector, held by the boundary check")
                .containsExactlyInAnyOrder(FilterTrait.SECURITY, FilterTrait.SELECTS_CLUSTER,
                        FilterTrait.CONSUMES_PROVIDER_HOP);
        assertThat(d.clusters().selectable()).as("each cluster once").containsExactly("openai-east");
        assertThat(d.ownedRequestHeaders()).as("the provider headers it writes, not the hop headers it reads")
                .containsExactlyInAnyOrder("x-ai-provider-request-id", "x-ai-provider-routing-revision",
                        "x-ai-provider-attribution");
        assertThat(d.responseHook()).as("no response work without emit_demo_attribution").isFalse();
    }

    @Test
    void refusesMissingRequiredKeysAndUnknownOnes() {
        assertThat(refused("model_header: X-Model\nextra: 1\n")).containsExactlyInAnyOrder(
                "line 1: " + AT + "provider_id: missing (expected: a value; this key is required)",
                "line 1: " + AT + "routes: missing (expected: a value; this key is required)",
                "line 2: " + AT + "extra: unknown key");
    }

    @Test
    void refusesAProviderIdOutOfBoundsOrNotAHeaderValue() {
        assertThat(refused(config("provider_id: \"  \"\n", ROUTE))).containsExactly(
                "line 1: " + AT + "provider_id: \"  \" (expected: 1 to 256 bytes, not blank)");
        assertThat(refused(config("provider_id: " + "p".repeat(257) + "\n", ROUTE))).singleElement().asString()
                .contains("(expected: 1 to 256 bytes, not blank)");
        assertThat(refused(config("provider_id: \"east\\u00e9\"\n", ROUTE))).singleElement().asString()
                .contains(AT + "provider_id: ").contains("(expected: a legal header value");
    }

    @Test
    void refusesAModelHeaderIntelligentRouteWouldRefuse() {
        assertThat(refused(config("provider_id: p\nmodel_header: x-praxis-model\n", ROUTE))).singleElement()
                .asString().contains(AT + "model_header: \"x-praxis-model\" (expected: not in the reserved x-praxis- "
                        + "namespace)");
        assertThat(refused(config("provider_id: p\nmodel_header: x-ai-routing-candidate\n", ROUTE)))
                .singleElement().asString().contains("not a provider-hop header");
        assertThat(refused(config("provider_id: p\nmodel_header: \"bad name\"\n", ROUTE))).singleElement()
                .asString().contains("RFC 9110 token");
    }

    @Test
    void refusesAnEmptyRouteList() {
        assertThat(refused("provider_id: p\nroutes: []\n")).containsExactly(
                "line 2: " + AT + "routes: 0 routes (expected: 1 to 1024 routes)");
    }

    @Test
    void refusesMoreThan1024Routes() {
        StringBuilder routes = new StringBuilder();
        for (int i = 0; i <= ProviderRouteConfig.MAX_ROUTES; i++) {
            routes.append("  - {candidate_id: c").append(i).append(", cluster: k, model: m, paths: [/a]}\n");
        }
        assertThat(refused(withProvider(routes.toString()))).containsExactly(
                "line 3: " + AT + "routes: 1025 routes (expected: 1 to 1024 routes)");
    }

    @Test
    void refusesEveryBadRouteFieldAtOnce() {
        assertThat(refused(withProvider("""
                  - candidate_id: ""
                    cluster: "%s"
                    model: " "
                    paths: [v1/chat, /a, /a, "/%s"]
                    priority: 1
                """.formatted("c".repeat(257), "p".repeat(256))))).containsExactlyInAnyOrder(
                "line 3: " + R0 + "candidate_id: \"\" (expected: 1 to 256 bytes, not blank)",
                "line 4: " + R0 + "cluster: \"" + "c".repeat(257) + "\" (expected: 1 to 256 bytes, not blank)",
                "line 5: " + R0 + "model: \" \" (expected: 1 to 256 bytes, not blank)",
                "line 6: " + R0 + "paths[0]: \"v1/chat\" (expected: an absolute path (/...) of at most 256 bytes)",
                "line 6: " + R0 + "paths[2]: \"/a\" (expected: each path once; it is listed earlier)",
                "line 6: " + R0 + "paths[3]: \"/" + "p".repeat(256) + "\" (expected: an absolute path (/...) of at "
                        + "most 256 bytes)",
                "line 7: " + R0 + "priority: unknown key");
    }

    @Test
    void refusesMissingRouteFieldsAndPathCountsOutOfBounds() {
        assertThat(refused(withProvider("  - {paths: []}\n"))).containsExactlyInAnyOrder(
                "line 3: " + R0 + "candidate_id: missing (expected: a value; this key is required)",
                "line 3: " + R0 + "cluster: missing (expected: a value; this key is required)",
                "line 3: " + R0 + "model: missing (expected: a value; this key is required)",
                "line 3: " + R0 + "paths: 0 paths (expected: 1 to 64 paths)");
        String many = String.join(", ", java.util.stream.IntStream.rangeClosed(0, 64).mapToObj(i -> "/p" + i)
                .toList());
        assertThat(refused(withProvider("  - {candidate_id: a, cluster: k, model: m, paths: [" + many + "]}\n")))
                .containsExactly("line 3: " + R0 + "paths: 65 paths (expected: 1 to 64 paths)");
    }

    @Test
    void refusesADuplicateCandidateIdNamingTheFirst() {
        assertThat(refused(withProvider(ROUTE + ROUTE))).containsExactly("line 7: " + AT + "routes[1].candidate_id: "
                + "\"gpt-east\" (expected: a candidate_id no other route has; routes[0] has it)");
    }

    @Test
    void refusesCredentialsOtherThanABearerTokenReference() {
        String apikey = ROUTE + "    credential: {strategy: apikey, header: x-api-key, "
                + "secretRef: {name: n, namespace: ns, key: k}}\n";
        assertThat(refused(withProvider(apikey))).as("the strategy, and the header no bearer token has")
                .containsExactlyInAnyOrder("line 7: " + R0 + "credential.strategy: \"apikey\" (expected: bearer_token "
                        + "(provider_route sends only bearer tokens); unsupported_credential_strategy)",
                        "line 7: " + R0 + "credential.header: unknown key");
        String unknown = ROUTE + "    credential: {strategy: basic, secretRef: {name: n, namespace: ns, key: k}}\n";
        assertThat(refused(withProvider(unknown))).singleElement().asString()
                .contains(R0 + "credential.strategy: \"basic\" (expected: bearer_token; unsupported_credential_strategy)");
        String blank = ROUTE + "    credential: {strategy: bearer_token, secretRef: {name: \" \", namespace: ns, "
                + "key: \"%s\"}}\n".formatted("k".repeat(257));
        assertThat(refused(withProvider(blank))).hasSize(2).anySatisfy(e -> assertThat(e)
                .contains(R0 + "credential.secretRef.name: \" \" (expected: 1 to 256 bytes, not blank)"));
        String none = ROUTE + "    credential: {strategy: bearer_token}\n";
        assertThat(refused(withProvider(none))).singleElement().asString()
                .contains(R0 + "credential.secretRef: missing");
        String both = ROUTE + "    credential: {strategy: bearer_token, secretRef: {name: n, namespace: ns, "
                + "key: k}, secret_ref: {name: n, namespace: ns, key: k}}\n";
        assertThat(refused(withProvider(both))).singleElement().asString().contains("one of secretRef or secret_ref");
        String header = ROUTE + "    credential: {strategy: bearer_token, header: x-api-key, "
                + "secretRef: {name: n, namespace: ns, key: k}}\n";
        assertThat(refused(withProvider(header))).singleElement().asString()
                .contains(R0 + "credential.header: unknown key");
    }

    @Test
    void refusesANonBooleanDemoSwitch() {
        assertThat(refused(config("provider_id: p\nemit_demo_attribution: maybe\n", ROUTE))).singleElement()
                .asString().contains(AT + "emit_demo_attribution");
    }
}
