package io.jpraxis.core.pipeline;

import static io.jpraxis.core.pipeline.TestFilters.slot;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.diag.FilterScope;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.config.model.RequestPredicateConfig;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.model.UpstreamMatcher;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.condition.RequestCondition;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.HttpFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The body plan a pipeline is compiled with (see
 * docs/behaviour/body-access.md#access-and-delivery-modes), and the body rules reported at compile.
 */
class BodyPlannerTest {
    private static final long MIB = 1024 * 1024;
    private final List<String> journal = new ArrayList<>();

    private BodyFilter body(String name) {
        return new BodyFilter(name, journal);
    }

    private static List<CompiledFilter> slots(HttpFilter... filters) {
        List<CompiledFilter> out = new ArrayList<>();
        for (HttpFilter f : filters) {
            out.add(slot(out.size(), f, RequestCondition.ALWAYS, FailureMode.CLOSED));
        }
        return out;
    }

    private static PlacedEntry entry(int index, String type, List<ConditionConfig> conditions) {
        ConfigPath path = ConfigPath.root().key("filter_chains").index(0).key("filters").index(index);
        FilterEntryConfig e = new FilterEntryConfig(type, null, conditions, List.of(), FailureMode.CLOSED, null,
                new ConfigNode.MapNode(List.of(), 0), new SourceRef(path, 10 + index));
        return new PlacedEntry(e, List.of(), "main", FilterScope.chain("main"), List.of());
    }

    @Test
    void withoutBodyFiltersBothDirectionsAreCountedAgainstTheGlobalLimits() {
        BodyPlan plan = BodyPlanner.plan(slots(new TestFilters.Recording("router", journal)), new BodyLimits(100L, 200L));

        assertThat(plan.request()).isEqualTo(new BodyMode.SizeLimit(100));
        assertThat(plan.response()).isEqualTo(new BodyMode.SizeLimit(200));
        assertThat(plan.requestLimit()).isEqualTo(100);
        assertThat(plan.responseLimit()).isEqualTo(200);
        assertThat(plan.preReads()).isFalse();
        assertThat(plan.streamsRequestHooks()).isFalse();
        assertThat(plan.responseHooks()).isFalse();
    }

    @Test
    void theLargestBufferOfTheTopLevelFiltersIsTheRequestMode() {
        BodyFilter small = body("small").request(BodyAccess.READ_ONLY, BodyMode.buffer(MIB));
        BodyFilter large = body("large").request(BodyAccess.READ_ONLY, BodyMode.buffer(2 * MIB));
        BodyFilter streaming = body("streaming").request(BodyAccess.READ_ONLY, BodyMode.STREAM);

        BodyPlan plan = BodyPlanner.plan(slots(small, streaming, large), BodyLimits.DEFAULT);

        assertThat(plan.request()).isEqualTo(BodyMode.buffer(2 * MIB));
        assertThat(plan.requestLimit()).isEqualTo(2 * MIB);
        assertThat(plan.preReads()).isTrue();
        assertThat(plan.requestFilters()).extracting(f -> f.filter().type())
                .containsExactly("small", "streaming", "large");
        assertThat(plan.response()).as("the other direction is untouched")
                .isEqualTo(new BodyMode.SizeLimit(BodyLimits.DEFAULT_BYTES));
    }

    @Test
    void aModeDeclaredWithoutAccessDoesNotCount() {
        BodyFilter noAccess = body("x").request(BodyAccess.NONE, BodyMode.buffer(MIB));

        BodyPlan plan = BodyPlanner.plan(slots(noAccess), BodyLimits.DEFAULT);

        assertThat(plan.preReads()).isFalse();
        assertThat(plan.requestFilters()).isEmpty();
    }

    @Test
    void aStreamingRequestFilterGetsItsHooksAfterTheRequestPhase() {
        BodyFilter writer = body("w").request(BodyAccess.READ_WRITE, BodyMode.STREAM);

        BodyPlan plan = BodyPlanner.plan(slots(writer), new BodyLimits(500L, 500L));

        assertThat(plan.request()).isEqualTo(BodyMode.STREAM);
        assertThat(plan.requestLimit()).as("rule 2: still counted against the ceiling").isEqualTo(500);
        assertThat(plan.streamsRequestHooks()).isTrue();
        assertThat(plan.requestRewritable()).isTrue();
    }

    @Test
    void anUnboundedBufferWithoutACeilingIsRefusedNamingTheFilter() {
        BodyFilter unbounded = body("greedy").request(BodyAccess.READ_ONLY, new BodyMode.StreamBuffer(null));
        Diagnostics d = new Diagnostics();

        BodyPlanner.plan(slots(unbounded), new BodyLimits(null, 10L), false, Set.of(), d,
                i -> entry(i, "greedy", List.of()), false);

        assertThat(d.errors()).extracting(Diagnostic::render).containsExactly(
                "line 10: filter_chains[0].filters[0]: StreamBuffer request body mode has no size limit (expected: a "
                + "bound from the filter or body_limits.max_request_bytes; or insecure_options.allow_unbounded_body: "
                + "true, which clamps it to 64 MiB) [filter greedy, chain main]");
    }

    @Test
    void anUnboundedBufferIsClampedWithAWarningWhenAllowed() {
        BodyFilter unbounded = body("greedy").response(BodyAccess.READ_ONLY, new BodyMode.StreamBuffer(null));
        Diagnostics d = new Diagnostics();

        BodyPlan plan = BodyPlanner.plan(slots(unbounded), new BodyLimits(10L, null), true, Set.of(), d,
                i -> entry(i, "greedy", List.of()), false);

        assertThat(d.errors()).isEmpty();
        assertThat(d.warnings()).singleElement().extracting(Diagnostic::render).asString()
                .contains("StreamBuffer response body mode has no size limit").contains("clamped to 67108864 bytes");
        assertThat(plan.responseLimit()).isEqualTo(BodyLimits.ABSOLUTE_CAP_BYTES);
        assertThat(plan.buffersResponse()).isTrue();
    }

    @Test
    void aSelectedUpstreamConditionOnAPreReadFilterIsRefused() {
        BodyFilter reader = body("reader").request(BodyAccess.READ_ONLY, BodyMode.buffer(MIB));
        ConfigPath conditions = ConfigPath.root().key("filter_chains").index(0).key("filters").index(0)
                .key("conditions");
        ConditionConfig selected = new ConditionConfig(ConditionConfig.Kind.WHEN, new RequestPredicateConfig(null,
                null, null, null, null, null, null, new UpstreamMatcher("openai", null)),
                new SourceRef(conditions.index(0), 12));
        Diagnostics d = new Diagnostics();

        BodyPlanner.plan(slots(reader), BodyLimits.DEFAULT, false, Set.of(), d,
                i -> entry(i, "reader", List.of(selected)), false);

        assertThat(d.errors()).extracting(Diagnostic::render).containsExactly(
                "line 12: filter_chains[0].filters[0].conditions[0].when.selected_upstream: a request-body filter runs "
                + "at pre-read, before a load balancer selects an upstream (expected: no selected_upstream condition "
                + "on a request-body filter of a buffered pipeline) [filter reader, chain main]");
    }

    @Test
    void aBoundOnlyParticipantIsRefusedNamingTheFeatureWhenItIsOff() {
        BodyFilter participant = body("binder").request(BodyAccess.NONE, BodyMode.buffer(MIB)).bound(BodyAccess.READ_ONLY);
        Diagnostics off = new Diagnostics();
        BodyPlan plan = BodyPlanner.plan(slots(participant), BodyLimits.DEFAULT, false, Set.of(), off,
                i -> entry(i, "binder", List.of()), false);
        assertThat(off.errors()).singleElement().extracting(Diagnostic::render).asString()
                .contains("binder declares a bound-upstream request-body hook")
                .contains("(expected: --features bound-upstream-request-body)");
        assertThat(plan.hasBarrier()).as("without the feature the declaration has no effect").isFalse();

        Diagnostics on = new Diagnostics();
        BodyPlan withFeature = BodyPlanner.plan(slots(participant), BodyLimits.DEFAULT, false, Set.of(), on,
                i -> entry(i, "binder", List.of()), true);
        assertThat(on.errors()).isEmpty();
        assertThat(withFeature.barrierFilters()).extracting(f -> f.filter().type()).containsExactly("binder");
        assertThat(withFeature.requestFilters()).as("a barrier participant does not run at pre-read").isEmpty();
        assertThat(withFeature.preReads()).as("its StreamBuffer still makes the pipeline pre-read").isTrue();
    }
}
