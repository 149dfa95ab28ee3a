package io.jpraxis.ai.intelligentroute;

import static io.jpraxis.ai.intelligentroute.RouteFixtures.AT;
import static io.jpraxis.ai.intelligentroute.RouteFixtures.TWO_MODELS;
import static io.jpraxis.ai.intelligentroute.RouteFixtures.accepted;
import static io.jpraxis.ai.intelligentroute.RouteFixtures.refused;
import static io.jpraxis.ai.testing.AiFixtures.declarationOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.candidate.CredentialRef;
import io.jpraxis.ai.candidate.CredentialStrategy;
import io.jpraxis.ai.candidate.SecretRef;
import io.jpraxis.ai.intelligentroute.IntelligentRouteConfig.SessionAffinityConfig;
import io.jpraxis.ai.intelligentroute.IntelligentRouteConfig.StaticCandidates;
import io.jpraxis.core.filter.FilterTrait;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IntelligentRouteFactoryTest {

    @Test
    void staticCandidatesWithDefaults() {
        IntelligentRouteFilter filter = accepted(TWO_MODELS);
        IntelligentRouteConfig config = filter.routeConfig();

        assertThat(config.modelHeader()).isEqualTo("X-Model");
        assertThat(config.routeHeader()).isNull();
        assertThat(config.sessionAffinity()).isEqualTo(SessionAffinityConfig.DISABLED);
        assertThat(config.providerHopClusters()).isEmpty();
        StaticCandidates source = (StaticCandidates) config.source();
        assertThat(source.localSite()).isEqualTo("hub");
        assertThat(source.candidates()).hasSize(4);
        assertThat(source.candidates().getFirst().fresh()).as("fresh defaults to true").isTrue();
        assertThat(declarationOf(filter).traits())
                .as("selects a cluster for the load balancer after it; names the models a model_catalog lists")
                .containsExactly(FilterTrait.SELECTS_CLUSTER, FilterTrait.NAMES_MODELS);
        assertThat(declarationOf(filter).ownedRequestHeaders()).as("docs/behaviour/routing-headers.md#headers-a-filter-owns: the hop headers")
                .containsExactlyInAnyOrder("x-ai-routing-candidate", "x-ai-routing-request-id",
                        "x-ai-routing-revision");
    }

    @Test
    void everyKeySet() {
        IntelligentRouteFilter filter = accepted("""
                model_header: x-gateway-model-name
                route_header: X-Gateway-Destination-Endpoint
                local_site: hub
                provider_hop_clusters: [provider-east]
                session_affinity: {enabled: true, header: x-session-id, cookie: sid, ttl_secs: 60}
                candidates:
                  - kind: inference_model
                    name: model-a
                    site: east
                    cluster: provider-east
                    fresh: false
                    credential:
                      strategy: apikey
                      header: X-Api-Key
                      secret_ref: {name: keys, namespace: ai, key: east}
                  - kind: inference_model
                    name: model-a
                    site: hub
                    cluster: "10.0.0.7:8080"
                    credential:
                      strategy: bearer_token
                      secretRef: {name: tokens, namespace: ai, key: hub}
                """);
        IntelligentRouteConfig config = filter.routeConfig();

        assertThat(config.sessionAffinity()).isEqualTo(new SessionAffinityConfig(true, "x-session-id", "sid", 60));
        assertThat(config.providerHopClusters()).containsExactly("provider-east");
        StaticCandidates source = (StaticCandidates) config.source();
        assertThat(source.candidates().get(0).credential()).as("the header is kept lower-case")
                .isEqualTo(new CredentialRef(CredentialStrategy.APIKEY, "x-api-key", new SecretRef("keys", "ai", "east")));
        assertThat(source.candidates().get(0).fresh()).isFalse();
        assertThat(source.candidates().get(1).credential().strategy()).isEqualTo(CredentialStrategy.BEARER_TOKEN);
        assertThat(declarationOf(filter).ownedRequestHeaders()).as("the route header is owned too")
                .contains("x-gateway-destination-endpoint").hasSize(4);
    }

    @Test
    void unknownKeysAreRefusedAtEveryLevel() {
        assertThat(refused("""
                local_site: hub
                modle_header: X-Model
                session_affinity: {enabled: false, colour: red}
                candidates:
                  - kind: inference_model
                    name: a
                    site: hub
                    cluster: c
                    weight: 1
                    credential:
                      strategy: bearer_token
                      token: s3cr3t
                      secretRef: {name: n, namespace: ns, key: k, value: x}
                """)).containsExactlyInAnyOrder(
                "line 2: " + AT + "modle_header: unknown key (did you mean 'model_header'?)",
                "line 3: " + AT + "session_affinity.colour: unknown key",
                "line 9: " + AT + "candidates[0].weight: unknown key",
                "line 12: " + AT + "candidates[0].credential.token: unknown key",
                "line 13: " + AT + "candidates[0].credential.secretRef.value: unknown key");
    }

    @Test
    void outOfScopeKeysAreNotImplementedRatherThanUnknown() {
        assertThat(refused(TWO_MODELS + """
                match_claims: [{claim: tier, label: tier}]
                skip_paths: [/v1/models]
                management_cluster: mgmt
                signals: {}
                """)).hasSize(4).allSatisfy(e -> assertThat(e).contains("not implemented in jpraxis"))
                .anySatisfy(e -> assertThat(e).contains(AT + "match_claims"))
                .anySatisfy(e -> assertThat(e).contains(AT + "skip_paths"))
                .anySatisfy(e -> assertThat(e).contains(AT + "management_cluster"))
                .anySatisfy(e -> assertThat(e).contains(AT + "signals"));
        assertThat(refused("""
                local_site: hub
                candidates:
                  - {kind: inference_model, name: a, site: hub, cluster: c, labels: {tier: gold}}
                """)).singleElement().asString().contains("candidates[0].labels: not implemented in jpraxis");
    }

    @Test
    void candidatesAndOverlayFileAreExclusive() {
        assertThat(refused("local_site: hub\n")).containsExactly(
                "line 1: " + AT + "candidates: missing (expected: a candidates list or an overlay_file)");
        assertThat(refused(TWO_MODELS + "overlay_file: /etc/overlay.json\n")).singleElement().asString()
                .contains(AT + "overlay_file: set together with candidates");
    }

    @Test
    void overlayOnlyKeysAreRefusedWithStaticCandidates() {
        assertThat(refused(TWO_MODELS + """
                expected_overlay_scope: {network: n}
                reload: {enabled: false}
                """)).containsExactlyInAnyOrder(
                "line 7: " + AT + "expected_overlay_scope: set with static candidates (expected: only with "
                        + "overlay_file)",
                "line 8: " + AT + "reload: set with static candidates, which never reload (expected: only with "
                        + "overlay_file)");
    }

    @Test
    void localSiteIsRequiredAndBoundedWithStaticCandidates() {
        String list = TWO_MODELS.substring(TWO_MODELS.indexOf("candidates:"));
        assertThat(refused(list)).containsExactly(
                "line 1: " + AT + "local_site: missing (expected: a value; this key is required)");
        assertThat(refused("local_site: \" \"\n" + list)).containsExactly(
                "line 1: " + AT + "local_site: \" \" (expected: 1 to 256 bytes, not blank)");
        assertThat(refused("local_site: " + "s".repeat(257) + "\n" + list)).hasSize(1);
    }

    @Test
    void everyCandidateProblemIsReportedWithItsPath() {
        assertThat(refused("""
                local_site: hub
                candidates:
                  - {kind: model, name: a, site: hub, cluster: c}
                  - {kind: inference_model, name: "  ", site: hub}
                  - {kind: inference_model, name: b, site: "", cluster: c, traffic_weight: -1}
                """)).containsExactlyInAnyOrder(
                "line 3: " + AT + "candidates[0].kind: \"model\" (expected: inference_model | mcp_tool)",
                "line 4: " + AT + "candidates[1].name: \"  \" (expected: 1 to 256 bytes, not blank)",
                "line 4: " + AT + "candidates[1].cluster: missing (expected: a value; this key is required)",
                "line 5: " + AT + "candidates[2].site: \"\" (expected: 1 to 256 bytes, not blank)",
                "line 5: " + AT + "candidates[2].traffic_weight: -1 (expected: an integer from 0 to 4294967295)");
    }

    @Test
    void anEmptyCandidateListIsRefused() {
        assertThat(refused("local_site: hub\ncandidates: []\n")).containsExactly(
                "line 2: " + AT + "candidates: 0 candidates (expected: 1 to 1024 candidates)");
    }

    @Test
    void duplicateCandidatesAreRefusedByTheSnapshotAtTheirPath() {
        assertThat(refused("""
                local_site: hub
                candidates:
                  - {kind: inference_model, name: a, site: hub, cluster: c}
                  - {kind: inference_model, name: a, site: hub, cluster: c}
                """)).singleElement().asString().startsWith("line 4: " + AT + "candidates[1]");
    }

    @Test
    void staticCandidatesRefuseTrafficWeightSayingWhereWeightsBelong() {
        assertThat(refused("""
                local_site: hub
                candidates:
                  - {kind: inference_model, name: a, site: hub, cluster: c}
                  - {kind: inference_model, name: a, site: hub, cluster: d,
                     traffic_weight: 3}
                """)).as("static candidates have no selection_policy to set; the message says where weights go")
                .containsExactly("line 5: " + AT + "candidates[1].traffic_weight: 3 (expected: no traffic_weight on "
                        + "static candidates, which are picked in list order; weighted picks need an overlay_file "
                        + "whose selection_policy.mode is weightedRandom, with selection_group and traffic_weight on "
                        + "its candidates)");
    }

    @Test
    void credentialsFollowDecision18() {
        assertThat(refused("""
                local_site: hub
                candidates:
                  - kind: inference_model
                    name: a
                    site: hub
                    cluster: c
                    credential: {strategy: basic, secretRef: {name: n, namespace: ns, key: k}}
                  - kind: inference_model
                    name: b
                    site: hub
                    cluster: c
                    credential: {strategy: apikey, secretRef: {name: n, namespace: ns, key: k}}
                  - kind: inference_model
                    name: d
                    site: hub
                    cluster: c
                    credential: {strategy: bearer_token, header: x-api-key, secretRef: {name: n, namespace: ns, key: k}}
                  - kind: inference_model
                    name: e
                    site: hub
                    cluster: c
                    credential: {strategy: bearer_token}
                  - kind: inference_model
                    name: f
                    site: hub
                    cluster: c
                    credential:
                      strategy: bearer_token
                      secretRef: {name: n, namespace: ns, key: k}
                      secret_ref: {name: n, namespace: ns, key: k}
                  - kind: inference_model
                    name: g
                    site: hub
                    cluster: c
                    credential: {strategy: bearer_token, secretRef: {name: n, namespace: " ", key: k}}
                """)).containsExactlyInAnyOrder(
                "line 7: " + AT + "candidates[0].credential.strategy: \"basic\" (expected: bearer_token | apikey; "
                        + "unsupported_credential_strategy)",
                "line 12: " + AT + "candidates[1].credential.header: missing (expected: the header an apikey goes "
                        + "in, e.g. x-api-key; invalid_credential_combination)",
                "line 17: " + AT + "candidates[2].credential.header: \"x-api-key\" (expected: no header with "
                        + "bearer_token, which always uses Authorization; invalid_credential_combination)",
                "line 22: " + AT + "candidates[3].credential.secretRef: missing (expected: a value; this key is "
                        + "required)",
                "line 30: " + AT + "candidates[4].credential.secret_ref: set together with secretRef (expected: one "
                        + "of secretRef or secret_ref)",
                "line 35: " + AT + "candidates[5].credential.secretRef.namespace: \" \" (expected: 1 to 256 bytes, "
                        + "not blank)");
    }

    @Test
    void withRouteHeaderEveryClusterMustBeALegalHeaderValue() {
        String candidates = """
                local_site: hub
                candidates:
                  - {kind: inference_model, name: a, site: hub, cluster: "bad\\u0001cluster"}
                  - {kind: inference_model, name: b, site: hub, cluster: " padded"}
                  - {kind: inference_model, name: d, site: hub, cluster: "caf\\u00e9"}
                  - {kind: inference_model, name: e, site: hub, cluster: "10.0.0.1:80"}
                """;
        assertThat(accepted(candidates).routeConfig().routeHeader()).as("without route_header any cluster name goes")
                .isNull();
        assertThat(refused(candidates + "route_header: x-destination\n")).hasSize(3)
                .allSatisfy(e -> assertThat(e).contains("(expected: a legal header value"))
                .anySatisfy(e -> assertThat(e).contains("candidates[0].cluster"))
                .anySatisfy(e -> assertThat(e).contains("candidates[1].cluster"))
                .anySatisfy(e -> assertThat(e).contains("candidates[2].cluster"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"X-Praxis-Model", "X-MCP-Tool", "x-Ext-Protocol-A", "X-EXT-AGENT-b", "X-A2a-Model",
            "X-AI-Routing-Candidate", "x-ai-routing-request-id", "X-Ai-Routing-Revision"})
    void modelHeaderOutsideTheReservedNamespacesAndOwnedNames(String name) {
        assertThat(refused(TWO_MODELS + "model_header: " + name + "\n")).singleElement().asString()
                .startsWith("line 7: " + AT + "model_header: \"" + name + "\" (expected: not ");
    }

    @Test
    void modelHeaderMustBeALegalNonBlankName() {
        assertThat(refused(TWO_MODELS + "model_header: \"\"\n")).containsExactly(
                "line 7: " + AT + "model_header: \"\" (expected: a non-blank header name)");
        assertThat(refused(TWO_MODELS + "model_header: \"x model\"\n")).containsExactly(
                "line 7: " + AT + "model_header: \"x model\" (expected: a header name made of RFC 9110 token "
                        + "characters)");
    }

    @Test
    void providerHopClustersAreBoundedAndListedOnce() {
        assertThat(refused(TWO_MODELS + "provider_hop_clusters: [east, \" \", east, 7]\n")).containsExactlyInAnyOrder(
                "line 7: " + AT + "provider_hop_clusters[1]: \" \" (expected: 1 to 256 bytes, not blank)",
                "line 7: " + AT + "provider_hop_clusters[2]: \"east\" (expected: each cluster once; it is listed "
                        + "earlier)",
                "line 7: " + AT + "provider_hop_clusters[3]: 7 (expected: a string)");
    }

    @Test
    void sessionAffinityNeedsAKeySourceAndABoundedTtl() {
        assertThat(refused(TWO_MODELS + "session_affinity: {enabled: true, header: \" \"}\n")).containsExactly(
                "line 7: " + AT + "session_affinity: enabled without a session key source (expected: a non-blank "
                        + "header or cookie)");
        assertThat(refused(TWO_MODELS + "session_affinity: {enabled: true, cookie: sid, ttl_secs: 86401}\n"))
                .containsExactly("line 7: " + AT + "session_affinity.ttl_secs: 86401 (expected: an integer from 1 "
                        + "to 86400)");
        assertThat(refused(TWO_MODELS + "session_affinity: {enabled: true, header: \"x session\"}\n"))
                .singleElement().asString().contains("session_affinity.header: \"x session\"");
        assertThat(accepted(TWO_MODELS + "session_affinity: {enabled: false, ttl_secs: 0}\n").routeConfig()
                .sessionAffinity()).as("other keys are only checked when enabled, as in Praxis")
                .isEqualTo(SessionAffinityConfig.DISABLED);
        assertThat(accepted(TWO_MODELS + "session_affinity: {enabled: true, cookie: sid}\n").routeConfig()
                .sessionAffinity()).isEqualTo(new SessionAffinityConfig(true, null, "sid", 3600));
    }

    @Test
    void overlayKeysAreCheckedBeforeTheFileIsRead() {
        assertThat(refused("""
                overlay_file: ""
                expected_overlay_scope: {network: n, region: r, gateway: " "}
                reload: {enabled: yes-please, debounce_ms: -1}
                """)).containsExactlyInAnyOrder(
                "line 1: " + AT + "overlay_file: \"\" (expected: the path of the overlay JSON file)",
                "line 2: " + AT + "expected_overlay_scope.region: unknown key",
                "line 2: " + AT + "expected_overlay_scope.gateway: \" \" (expected: 1 to 256 bytes, not blank)",
                "line 3: " + AT + "reload.enabled: \"yes-please\" (expected: true or false)",
                "line 3: " + AT + "reload.debounce_ms: -1 (expected: an integer from 0 to 60000)");
    }
}
