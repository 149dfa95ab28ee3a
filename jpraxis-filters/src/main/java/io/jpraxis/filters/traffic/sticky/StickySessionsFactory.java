package io.jpraxis.filters.traffic.sticky;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.load.StoreBackendReader;
import io.jpraxis.config.model.StoreBackend;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.traffic.sticky.StickySessionsConfig.ClusterSticky;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * Builds {@code sticky_sessions} filters (see docs/reference/filters/sticky_sessions.md). One
 * factory serves a gateway for its whole life (every reload builds through the same registry), so
 * it keeps the session tables, which then survive reloads.
 */
public final class StickySessionsFactory implements FilterFactory<StickySessionsConfig> {
    /** The YAML type name. */
    public static final String TYPE = "sticky_sessions";

    private final SessionStores stores = new SessionStores();
    private final RandomGenerator idSource;

    /** Session IDs from a {@link SecureRandom}: they must not be guessable. */
    public StickySessionsFactory() {
        this(new SecureRandom());
    }

    /** With another ID source (tests). */
    StickySessionsFactory(RandomGenerator idSource) {
        this.idSource = idSource;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(StickySessionsKeys.KEYS);
    }

    @Override
    public Optional<StickySessionsConfig> read(MapReader options, FilterReadContext context) {
        List<ClusterSticky> clusters = clusters(options);
        StoreBackend backend = StoreBackendReader.read(options, StickySessionsKeys.BACKEND_KEYS,
                StickySessionsConfig.DEFAULT_NAMESPACE, System::getenv).orElse(null);
        if (!options.finishCleanly() || clusters.isEmpty() || backend == null) {
            return Optional.empty();
        }
        return Optional.of(new StickySessionsConfig(clusters, backend));
    }

    private static List<ClusterSticky> clusters(MapReader options) {
        if (!options.require("clusters")) {
            return List.of();
        }
        List<ConfigNode> items = options.list("clusters").orElse(null);
        if (items == null) {
            return List.of();
        }
        if (items.isEmpty()) {
            options.invalid("clusters", "at least one cluster");
            return List.of();
        }
        List<ClusterSticky> out = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            ConfigPath path = options.path("clusters").index(i);
            Optional<ClusterSticky> entry = StickyClusterReader.read(items.get(i), path, options.diagnostics());
            if (entry.isEmpty()) {
                continue;
            }
            Integer earlier = seen.putIfAbsent(entry.get().name(), i);
            if (earlier != null) {
                options.diagnostics().invalid(path.key("name"), items.get(i).line(), "\"" + entry.get().name() + "\"",
                        "a cluster no earlier entry names (clusters[" + earlier + "] does; cluster '"
                                + entry.get().name() + "')");
                continue;
            }
            out.add(entry.get());
        }
        return out;
    }

    /** Reads the request and writes the response ({@code Set-Cookie}, learning), so it has a response hook. */
    @Override
    public FilterDeclaration declare(StickySessionsConfig config) {
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.READS_CLUSTER)).withResponseHook(true);
    }

    @Override
    public HttpFilter create(StickySessionsConfig config, FilterBuildContext context) {
        SharedSessions shared = config.backend().shared() ? new SharedSessions(context.services().stores()
                .store(config.backend().url()), config.backend().namespace()) : null;
        return new StickySessionsFilter(config, stores, context.services().clock(), idSource, shared);
    }
}
