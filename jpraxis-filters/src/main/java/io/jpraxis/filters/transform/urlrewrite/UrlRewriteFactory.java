package io.jpraxis.filters.transform.urlrewrite;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Builds {@code url_rewrite} filters (see docs/reference/filters/url_rewrite.md). */
public final class UrlRewriteFactory implements FilterFactory<UrlRewriteConfig> {
    /** The YAML type name. */
    public static final String TYPE = "url_rewrite";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(UrlRewriteKeys.KEYS);
    }

    @Override
    public Optional<UrlRewriteConfig> read(MapReader options, FilterReadContext context) {
        List<ConfigNode> items = options.list("operations").orElse(List.of());
        List<UrlRewriteConfig.Operation> operations = new ArrayList<>();
        ConfigPath at = options.path("operations");
        for (int i = 0; i < items.size(); i++) {
            MapReader item = MapReader.of(items.get(i), at.index(i), options.diagnostics(), UrlRewriteKeys.OPERATION);
            OperationReader.read(item).ifPresent(operations::add);
        }
        boolean override = options.bool("allow_rewrite_override", false);
        if (!options.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(new UrlRewriteConfig(operations, override));
    }

    @Override
    public FilterDeclaration declare(UrlRewriteConfig config) {
        Set<FilterTrait> traits = EnumSet.of(FilterTrait.REWRITES_TARGET);
        if (config.allowRewriteOverride()) {
            traits.add(FilterTrait.OVERRIDES_REWRITE);
        }
        return FilterDeclaration.NONE.withTraits(traits);
    }

    @Override
    public HttpFilter create(UrlRewriteConfig config, FilterBuildContext context) {
        return new UrlRewriteFilter(config);
    }
}
