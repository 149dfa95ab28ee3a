package io.jpraxis.filters.iterative;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.NestedStep;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds {@code iterative_request_router} filters (feature {@code iterative-request-router}; see
 * docs/behaviour/iterative-router.md#steps-and-transitions).
 */
public final class IterativeRouterFactory implements FilterFactory<IterativeRouterFactory.Read> {
    /** The YAML type name. */
    public static final String TYPE = "iterative_request_router";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(IterativeRouterKeys.KEYS);
    }

    @Override
    public Feature requiredFeature() {
        return Feature.ITERATIVE_REQUEST_ROUTER;
    }

    @Override
    public Optional<Read> read(MapReader options, FilterReadContext context) {
        Optional<IterativeRouterConfig> config = IterativeRouterReader.read(options, context);
        if (config.isEmpty()) {
            return Optional.empty();
        }
        return StepCompiler.compile(config.get(), options.path(), options.node(), context, options.diagnostics())
                .map(steps -> new Read(config.get(), steps));
    }

    /**
     * Answers every request itself; keeps the pre-read body (a buffer of {@code max_state_bytes}) for
     * the steps to resend. Its steps are nested pipelines; the reachable ones that read the binding
     * make it a binding consumer, and every step's load balancer declarations fold into the parent's
     * cluster catalog, so a binding gets the metadata a step declares.
     */
    @Override
    public FilterDeclaration declare(Read read) {
        IterativeRouterConfig config = read.config();
        Map<String, ClusterTags> tags = new LinkedHashMap<>();
        List<NestedStep> pipelines = new ArrayList<>();
        for (StepConfig s : config.steps()) {
            CompiledPipeline p = read.steps().byName().get(s.name()).pipeline();
            pipelines.add(new NestedStep(s.name(), p));
            p.allSlots().forEach(f -> f.declaration().clusters().declaredTags().forEach(tags::putIfAbsent));
        }
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.ALWAYS_ANSWERS, FilterTrait.ITERATIVE_ROUTER))
                .withRequestBody(BodyAccess.READ_ONLY,
                        new BodyMode.StreamBuffer(Math.min(config.maxStateBytes(), BodyLimits.ABSOLUTE_CAP_BYTES)))
                .withClusters(new FilterDeclaration.Clusters(tags, List.of(), List.of()))
                .withNested(FilterDeclaration.Nested.withBindingSteps(pipelines, read.steps().bindingReaders()));
    }

    @Override
    public HttpFilter create(Read read, FilterBuildContext context) {
        return new IterativeRouterFilter(read.config(), read.steps(), context.services().clock());
    }

    /** An entry as read: its config and its steps, compiled. */
    record Read(IterativeRouterConfig config, StepCompiler.Steps steps) {
    }
}
