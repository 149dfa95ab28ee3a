package io.jpraxis.server.boot;

import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.DeclaredHttpFilter;
import io.jpraxis.core.pipeline.Declares;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.OneStepFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Filter types the validation fixtures use where no built-in has the trait a check needs yet:
 * {@code test_cluster_selector} chooses a cluster like a router but is another kind
 * ({@code conflicting_cluster_selectors}), {@code test_body_reader} declares request-body access
 * ({@code branch_body_access}) and {@code test_bound_lb} is a load balancer reading the logical
 * binding in a compact form (fixtures that only need its traits). {@code test_bound_body_reader}
 * and {@code test_bound_body_writer} take part in the bound-upstream body barrier (read-only,
 * read-write; bounded StreamBuffer) and {@code test_bound_body_streamer} declares it with a
 * streaming body mode ({@code bound_body_participants}). Each takes an optional {@code clusters} list;
 * a load balancer's items may carry tags, {@code name=protocol/provider} ({@code -}: absent).
 */
final class FixtureFilterTypes {
    private FixtureFilterTypes() {
    }

    /** The built-ins plus the fixture types. */
    static FilterRegistry registry() {
        return FilterRegistry.withBuiltIns(GatewayFilters.all())
                .register(new Factory("test_cluster_selector", Set.of(FilterTrait.SELECTS_CLUSTER), BodyAccess.NONE))
                .register(new Factory("test_body_reader", Set.of(), BodyAccess.READ_ONLY))
                .register(new Factory("test_bound_lb", Set.of(FilterTrait.SELECTS_ENDPOINT, FilterTrait.READS_BINDING),
                        BodyAccess.NONE))
                .register(new Factory("test_bound_body_reader", Set.of(), BodyAccess.NONE, BodyAccess.READ_ONLY,
                        BodyMode.buffer(1024 * 1024)))
                .register(new Factory("test_bound_body_writer", Set.of(), BodyAccess.NONE, BodyAccess.READ_WRITE,
                        BodyMode.buffer(1024 * 1024)))
                .register(new Factory("test_bound_body_streamer", Set.of(), BodyAccess.NONE, BodyAccess.READ_ONLY,
                        BodyMode.STREAM));
    }

    /** The fixture types' config: what {@code dump} prints back. */
    record Config(List<String> clusters) {
    }

    private record Factory(String type, Set<FilterTrait> traits, BodyAccess body, BodyAccess bound, BodyMode mode)
            implements OneStepFactory {
        Factory(String type, Set<FilterTrait> traits, BodyAccess body) {
            this(type, traits, body, BodyAccess.NONE, BodyMode.STREAM);
        }

        @Override
        public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
            List<String> clusters = options.strings("clusters").orElse(List.of());
            options.finish();
            return Optional.of(new Filter(type, traits, body, bound, mode, new Config(clusters)));
        }
    }

    private record Filter(String type, Set<FilterTrait> traits, BodyAccess body, BodyAccess bound, BodyMode mode,
            Config config) implements DeclaredHttpFilter {
        @Override
        public FilterDeclaration declaration() {
            return Declares.hooks(this, FilterDeclaration.NONE).withTraits(traits).withRequestBody(body, mode)
                    .withBoundUpstream(new FilterDeclaration.BoundUpstream(bound, null, List.of()))
                    .withClusters(new FilterDeclaration.Clusters(declaredClusterTags(), names(),
                            traits.contains(FilterTrait.SELECTS_ENDPOINT) ? names() : List.of()));
        }

        private Map<String, ClusterTags> declaredClusterTags() {
            if (!traits.contains(FilterTrait.SELECTS_ENDPOINT)) {
                return Map.of();
            }
            Map<String, ClusterTags> tags = new LinkedHashMap<>();
            for (String c : config.clusters()) {
                String[] nameAndTags = c.split("=", 2);
                String[] pt = nameAndTags.length == 2 ? nameAndTags[1].split("/", 2) : new String[] {"-", "-"};
                tags.put(nameAndTags[0], new ClusterTags(pt[0].equals("-") ? null : pt[0],
                        pt[1].equals("-") ? null : pt[1]));
            }
            return tags;
        }

        private List<String> names() {
            return config.clusters().stream().map(c -> c.split("=", 2)[0]).toList();
        }
    }
}
