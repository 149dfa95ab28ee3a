package io.jpraxis.ai.intelligentroute;

import static io.jpraxis.ai.intelligentroute.RouteFixtures.TWO_MODELS;
import static io.jpraxis.ai.intelligentroute.RouteFixtures.accepted;
import static io.jpraxis.ai.intelligentroute.RouteFixtures.request;
import static io.jpraxis.ai.intelligentroute.TestSnapshots.candidate;
import static io.jpraxis.ai.intelligentroute.TestSnapshots.model;
import static io.jpraxis.ai.intelligentroute.TestSnapshots.snapshot;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import io.jpraxis.ai.candidate.AdmissionState;
import io.jpraxis.ai.candidate.SelectionMode;
import io.jpraxis.ai.intelligentroute.IntelligentRouteConfig.SessionAffinityConfig;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The request algorithm (see docs/behaviour/intelligent-route.md#request-steps), branch by branch.
 */
class IntelligentRouteFilterTest {
    private static final String HOP = "provider_hop_clusters: [cluster-b]\n";
    private static final String ROUTE = "route_header: X-Destination\n";

    @Test
    void aFreshPickTakesTheFirstCandidateOfTheModelAndWritesItsMetadata() {
        RequestContext ctx = request("X-Model", "model-a");

        assertThat(accepted(TWO_MODELS).onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);

        assertThat(ctx.cluster()).as("the first listed candidate: the producer's order is the preference")
                .isEqualTo("cluster-a");
        assertThat(ctx.metadata().asMap()).containsExactly(
                entry("intelligent_route.kind", "inference_model"),
                entry("intelligent_route.name", "model-a"),
                entry("intelligent_route.site", "hub"),
                entry("intelligent_route.cluster", "cluster-a"),
                entry("intelligent_route.local_site", "hub"),
                entry("intelligent_route.stable_id", "inference_model/model-a/hub/cluster-a"),
                entry("intelligent_route.admission_state", "new_and_existing"));
        assertThat(ctx.headers().contains("x-ai-routing-candidate")).as("not an allow-listed provider").isFalse();
    }

    @Test
    void theModelNameIsMatchedExactlyAndUntrimmed() {
        RequestContext ctx = request("X-Model", "Model-A");
        assertThat(accepted(TWO_MODELS).onRequest(ctx)).isEqualTo(FilterAction.reject(404,
                "no eligible candidate for the requested model"));
        assertThat(accepted(TWO_MODELS).onRequest(request("X-Model", " model-a")))
                .isInstanceOf(FilterAction.Reject.class);
        assertThat(ctx.cluster()).isNull();
        assertThat(ctx.metadata().asMap()).isEmpty();
    }

    @Test
    void noModelHeaderPassesThroughUnrouted() {
        RequestContext ctx = request("X-Other", "model-a");
        assertThat(accepted(TWO_MODELS).onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.cluster()).isNull();
        assertThat(ctx.metadata().asMap()).isEmpty();
    }

    @Test
    void aMalformedModelHeaderIs400() {
        IntelligentRouteFilter filter = accepted(TWO_MODELS);
        for (String bad : List.of("", "   ", "m".repeat(257), "model\u0001a", "caf\u00c3")) {
            assertThat(filter.onRequest(request("X-Model", bad))).as("model header %s", bad.length() > 20
                    ? bad.length() + " bytes" : bad).isInstanceOf(FilterAction.Reject.class)
                    .extracting(a -> ((FilterAction.Reject) a).status()).isEqualTo(400);
        }
        assertThat(filter.onRequest(request("X-Model", "caf\u00c3\u00a9"))).as("UTF-8 bytes of a name are text")
                .isEqualTo(FilterAction.reject(404, "no eligible candidate for the requested model"));
        assertThat(filter.onRequest(request("X-Model", "m".repeat(256)))).as("256 bytes are allowed")
                .isInstanceOf(FilterAction.Reject.class).extracting(a -> ((FilterAction.Reject) a).status())
                .isEqualTo(404);
    }

    @Test
    void onlyTheFirstModelHeaderCounts() {
        RequestContext ctx = request("X-Model", "model-b", "x-model", "model-a");
        accepted(TWO_MODELS).onRequest(ctx);
        assertThat(ctx.cluster()).isEqualTo("cluster-b");
    }

    @Test
    void mcpMetadataWinsOverTheModelHeader() {
        IntelligentRouteFilter filter = accepted(TWO_MODELS);
        RequestContext call = request("X-Model", "model-a");
        call.metadata().put("mcp.method", "tools/call");
        call.metadata().put("mcp.name", "search");
        filter.onRequest(call);
        assertThat(call.cluster()).isEqualTo("tools");
        assertThat(call.metadata().get("intelligent_route.kind")).isEqualTo("mcp_tool");

        RequestContext init = request("X-Model", "model-a");
        init.metadata().put("mcp.method", "initialize");
        assertThat(filter.onRequest(init)).isEqualTo(FilterAction.CONTINUE);
        assertThat(init.cluster()).as("not a tool call: unrouted even with a model header").isNull();

        RequestContext nameless = request();
        nameless.metadata().put("mcp.method", "tools/call");
        assertThat(filter.onRequest(nameless)).isEqualTo(FilterAction.reject(400, "tools/call without a tool name"));
        RequestContext blank = request();
        blank.metadata().put("mcp.method", "tools/call");
        blank.metadata().put("mcp.name", " ");
        assertThat(filter.onRequest(blank)).isInstanceOf(FilterAction.Reject.class);
    }

    @Test
    void aPresetClusterIsKeptWithoutMetadataAndTheRouteHeaderIsOnlyStripped() {
        RequestContext ctx = request("X-Model", "model-a", "x-destination", "forged", "X-AI-Routing-Candidate", "f");
        ctx.cluster("chosen-earlier");

        assertThat(accepted(TWO_MODELS + ROUTE).onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);

        assertThat(ctx.cluster()).isEqualTo("chosen-earlier");
        assertThat(ctx.metadata().asMap()).isEmpty();
        assertThat(ctx.headers().contains("x-destination")).as("docs/behaviour/routing-headers.md#the-route-header: not emitted on a preset pass-through")
                .isFalse();
        assertThat(ctx.headers().contains("x-ai-routing-candidate")).isFalse();
    }

    @Test
    void aLaterEntryOrASecondPassKeepsTheHeadersOfThisRequestsPick() {
        IntelligentRouteFilter first = accepted(TWO_MODELS + ROUTE + HOP);
        IntelligentRouteFilter second = accepted(TWO_MODELS + ROUTE + HOP);
        RequestContext ctx = request("X-Model", "model-b");
        first.onRequest(ctx);

        assertThat(second.onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(first.onRequest(ctx)).as("a branch rejoining backwards").isEqualTo(FilterAction.CONTINUE);

        assertThat(ctx.cluster()).isEqualTo("cluster-b");
        assertThat(ctx.headers().getAll("x-destination")).as("the decision survives the entry strip")
                .containsExactly("cluster-b");
        assertThat(ctx.headers().getAll("x-ai-routing-candidate")).containsExactly(
                "inference_model/model-b/hub/cluster-b");
        assertThat(ctx.headers().getAll("x-ai-routing-request-id")).containsExactly("hop-1");

        ctx.cluster("overridden-later");
        second.onRequest(ctx);
        assertThat(ctx.headers().contains("x-destination")).as("a cluster the pick did not choose gets no decision")
                .isFalse();
        assertThat(ctx.headers().contains("x-ai-routing-candidate")).isFalse();
    }

    @Test
    void forgedOwnedHeadersAreStrippedOnEveryPathInAnyCaseAndEveryInstance() {
        IntelligentRouteFilter filter = accepted(TWO_MODELS + ROUTE + HOP);
        String[] forged = {"X-DESTINATION", "evil", "x-destination", "evil2", "X-Ai-Routing-Candidate", "c",
                "x-ai-routing-request-id", "r", "X-AI-ROUTING-REVISION", "v", "x-ai-routing-revision", "v2"};
        for (String model : new String[] {null, "", "unknown", "model-a", "model-b"}) {
            RequestContext ctx = model == null ? request(forged) : request(concat(forged, "X-Model", model));
            filter.onRequest(ctx);
            assertThat(ctx.headers().getAll("x-destination")).as("model %s", model)
                    .isEqualTo(ctx.cluster() == null ? List.of() : List.of(ctx.cluster()));
            assertThat(ctx.headers().getAll("x-ai-routing-revision")).as("static snapshots have no revision")
                    .isEmpty();
            assertThat(ctx.headers().getAll("x-ai-routing-candidate")).doesNotContain("c");
            assertThat(ctx.headers().getAll("x-ai-routing-request-id")).doesNotContain("r");
        }
    }

    @Test
    void theRouteHeaderCarriesThePickedCluster() {
        RequestContext ctx = request("X-Model", "model-b", "X-Destination", "forged");
        accepted(TWO_MODELS + ROUTE).onRequest(ctx);
        assertThat(ctx.headers().getAll("x-destination")).as("the set wins over the strip")
                .containsExactly("cluster-b");
    }

    @Test
    void providerHopHeadersOnlyForAllowListedClusters() {
        IntelligentRouteFilter filter = accepted(TWO_MODELS + HOP);
        RequestContext toProvider = request("X-Model", "model-b");
        filter.onRequest(toProvider);
        assertThat(toProvider.headers().get("x-ai-routing-candidate"))
                .isEqualTo("inference_model/model-b/hub/cluster-b");
        assertThat(toProvider.headers().get("x-ai-routing-request-id")).isEqualTo("hop-1");
        assertThat(toProvider.metadata().get("intelligent_route.provider_hop_request_id")).isEqualTo("hop-1");

        RequestContext local = request("X-Model", "model-a", "x-ai-routing-request-id", "forged");
        filter.onRequest(local);
        assertThat(local.headers().contains("x-ai-routing-candidate")).isFalse();
        assertThat(local.headers().contains("x-ai-routing-request-id")).as("only stripped").isFalse();
        assertThat(local.metadata().get("intelligent_route.provider_hop_request_id")).isNull();
    }

    @Test
    void anEnvelopeSnapshotAddsItsRevisionOnTheHop() {
        String revision = "ab".repeat(32);
        TestSnapshots source = new TestSnapshots(snapshot(SelectionMode.DETERMINISTIC, revision,
                model("model-b", "east", "cluster-b")));
        RequestContext ctx = request("X-Model", "model-b");
        TestSnapshots.filter(source, null, List.of("cluster-b"), SessionAffinityConfig.DISABLED, Clock.systemUTC())
                .onRequest(ctx);
        assertThat(ctx.headers().get("x-ai-routing-revision")).isEqualTo(revision);
        assertThat(ctx.headers().get("x-ai-routing-candidate")).isEqualTo("inference_model/model-b/east/cluster-b");
    }

    @Test
    void anUnencodableClusterFailsTheRequestRatherThanForwardingWithoutTheDecision() {
        TestSnapshots source = new TestSnapshots(snapshot(model("model-a", "hub", "bad\u0001cluster")));
        RequestContext ctx = request("X-Model", "model-a", "X-Destination", "forged");

        FilterAction action = TestSnapshots.filter(source, "X-Destination", List.of(),
                SessionAffinityConfig.DISABLED, Clock.systemUTC()).onRequest(ctx);

        assertThat(action).isEqualTo(FilterAction.reject(500, "routing decision cannot be encoded"));
        assertThat(ctx.cluster()).as("nothing half-applied").isNull();
        assertThat(ctx.headers().contains("x-destination")).isFalse();
        assertThat(ctx.metadata().asMap()).isEmpty();
    }

    @Test
    void credentialLocatorsAreClearedThenSet() {
        IntelligentRouteFilter filter = accepted("""
                local_site: hub
                candidates:
                  - kind: inference_model
                    name: keyed
                    site: hub
                    cluster: c
                    credential: {strategy: apikey, header: X-Api-Key, secretRef: {name: n, namespace: ns, key: k}}
                  - {kind: inference_model, name: open, site: hub, cluster: d}
                """);
        RequestContext keyed = request("X-Model", "keyed");
        filter.onRequest(keyed);
        assertThat(keyed.metadata().asMap()).contains(entry("intelligent_route.credential.strategy", "apikey"),
                entry("intelligent_route.credential.name", "n"), entry("intelligent_route.credential.namespace", "ns"),
                entry("intelligent_route.credential.key", "k"), entry("intelligent_route.credential.header", "x-api-key"));

        RequestContext open = request("X-Model", "open");
        open.metadata().put("intelligent_route.credential.name", "stale");
        open.metadata().put("intelligent_route.credential.header", "stale");
        filter.onRequest(open);
        assertThat(open.metadata().asMap()).as("a candidate without a credential leaves no locator behind")
                .doesNotContainKeys("intelligent_route.credential.name", "intelligent_route.credential.header");
    }

    @Test
    void excludedAndExistingOnlyCandidatesAreNotPickedForNewRequests() {
        TestSnapshots source = new TestSnapshots(snapshot(
                candidate("m", "hub", "draining", AdmissionState.EXISTING_ONLY, null, null),
                candidate("m", "hub", "excluded", AdmissionState.NONE, null, null),
                model("m", "edge", "open")));
        RequestContext ctx = request("X-Model", "m");
        TestSnapshots.filter(source, null, List.of(), SessionAffinityConfig.DISABLED, Clock.systemUTC())
                .onRequest(ctx);
        assertThat(ctx.cluster()).isEqualTo("open");

        source.swap(snapshot(candidate("m", "hub", "draining", AdmissionState.EXISTING_ONLY, null, null)));
        assertThat(TestSnapshots.filter(source, null, List.of(), SessionAffinityConfig.DISABLED, Clock.systemUTC())
                .onRequest(request("X-Model", "m"))).isEqualTo(FilterAction.reject(404,
                "no eligible candidate for the requested model"));
    }

    @Test
    void aGroupedPickRecordsItsGroupAndPolicy() {
        TestSnapshots source = new TestSnapshots(snapshot(SelectionMode.ROUND_ROBIN, null,
                candidate("m", "hub", "g0", AdmissionState.EXISTING_ONLY, 0, null),
                candidate("m", "edge", "g1-a", AdmissionState.NEW_AND_EXISTING, 1, null),
                candidate("m", "edge", "g1-b", AdmissionState.NEW_AND_EXISTING, 1, null)));
        IntelligentRouteFilter filter = TestSnapshots.filter(source, null, List.of(), SessionAffinityConfig.DISABLED,
                Clock.systemUTC());
        RequestContext first = request("X-Model", "m");
        RequestContext second = request("X-Model", "m");
        filter.onRequest(first);
        filter.onRequest(second);
        assertThat(List.of(first.cluster(), second.cluster())).as("group 0 drains: round robin in group 1")
                .containsExactlyInAnyOrder("g1-a", "g1-b");
        assertThat(first.metadata().asMap()).contains(entry("intelligent_route.selection_group", "1"),
                entry("intelligent_route.selection_mode", "round_robin"));
    }

    @Test
    void closingTheFilterClosesItsSnapshotSource() {
        TestSnapshots source = new TestSnapshots(snapshot(model("m", "hub", "c")));
        TestSnapshots.filter(source, null, List.of(), SessionAffinityConfig.DISABLED, Clock.systemUTC()).close();
        assertThat(source.closed()).isTrue();
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
