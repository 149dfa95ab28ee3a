package io.jpraxis.ai.modelcatalog;

import io.jpraxis.ai.candidate.PipelineCandidates;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds {@code model_catalog} filters (see docs/reference/filters/model_catalog.md), a jpraxis
 * filter with no Praxis counterpart: {@code path}, {@code created} and the catalog's own
 * {@code models}. It answers locally and selects no cluster, so it stands beside any cluster
 * selector; without models of its own it lists its pipeline's {@code intelligent_route} models and
 * needs one there ({@code model_catalog_without_route}).
 */
public final class ModelCatalogFactory implements FilterFactory<ModelCatalogConfig> {
    /** The YAML type name. */
    public static final String TYPE = "model_catalog";
    private static final String PATH_RULE = "a canonical absolute path such as /v1/models: 2.."
            + ModelCatalogConfig.MAX_TEXT + " characters, no trailing /, no ?, # or space";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(ModelCatalogKeys.KEYS);
    }

    @Override
    public Optional<ModelCatalogConfig> read(MapReader options, FilterReadContext context) {
        String path = path(options);
        long created = options.integer("created", 0, ModelCatalogConfig.MAX_CREATED).orElse(0L);
        List<ModelCatalogConfig.Model> models = models(options, created);
        if (!options.finishCleanly() || path == null || models == null) {
            return Optional.empty();
        }
        return Optional.of(new ModelCatalogConfig(path, created, models));
    }

    /** The path, checked to be in the canonical form requests are matched in; null after a report. */
    private static String path(MapReader options) {
        // A wrong type is reported by string() and refuses the entry in finishCleanly().
        String path = options.string("path").orElse(ModelCatalogConfig.DEFAULT_PATH);
        if (path.length() < 2 || path.length() > ModelCatalogConfig.MAX_TEXT || !path.startsWith("/")
                || path.endsWith("/") || !canonical(path)) {
            options.invalid("path", PATH_RULE);
            return null;
        }
        return path;
    }

    private static boolean canonical(String path) {
        if (path.chars().anyMatch(c -> c == '?' || c == '#' || c == ';' || c <= ' ' || c >= 0x7F)) {
            return false;
        }
        try {
            return RequestPath.of(path).match().equals(path);
        } catch (IllegalArgumentException refused) {
            return false;
        }
    }

    /** The catalog's own models, each id once; null after a report. */
    private static List<ModelCatalogConfig.Model> models(MapReader options, long created) {
        // A wrong type is reported by list() and refuses the entry in finishCleanly().
        List<ConfigNode> items = options.list("models").orElse(List.of());
        if (items.size() > ModelCatalogConfig.MAX_MODELS) {
            options.invalid("models", "at most " + ModelCatalogConfig.MAX_MODELS + " models (it has " + items.size()
                    + ")");
            return null;
        }
        List<ModelCatalogConfig.Model> out = new ArrayList<>();
        Map<String, Integer> firstAt = new HashMap<>();
        boolean ok = true;
        for (int i = 0; i < items.size(); i++) {
            MapReader r = MapReader.of(items.get(i), options.path("models").index(i), options.diagnostics(),
                    ModelCatalogKeys.MODEL);
            Optional<ModelCatalogConfig.Model> model = model(r, created);
            if (model.isPresent()) {
                Integer earlier = firstAt.putIfAbsent(model.get().id(), i);
                if (earlier != null) {
                    r.invalid("id", "an id no other model has; models[" + earlier + "] has it");
                    ok = false;
                    continue;
                }
                out.add(model.get());
            }
            ok &= model.isPresent();
        }
        return ok ? out : null;
    }

    private static Optional<ModelCatalogConfig.Model> model(MapReader r, long catalogCreated) {
        String id = text(r, r.requiredString("id"), "id");
        String owner = r.has("owned_by") ? text(r, r.string("owned_by").orElse(null), "owned_by")
                : ModelCatalogConfig.DEFAULT_OWNER;
        long created = r.integer("created", 0, ModelCatalogConfig.MAX_CREATED).orElse(catalogCreated);
        if (!r.finishCleanly() || id == null || owner == null) {
            return Optional.empty();
        }
        return Optional.of(new ModelCatalogConfig.Model(id, owner, created));
    }

    /** {@code value} when 1..256 characters and not blank; else null, reported. */
    private static String text(MapReader r, String value, String key) {
        if (value != null && (value.isBlank() || value.length() > ModelCatalogConfig.MAX_TEXT)) {
            r.invalid(key, "1.." + ModelCatalogConfig.MAX_TEXT + " characters, not blank");
            return null;
        }
        return value;
    }

    /**
     * Answers some requests itself and selects no cluster, so {@code conflicting_cluster_selectors}
     * does not count it; without models of its own it lists the pipeline's and needs a source.
     */
    @Override
    public FilterDeclaration declare(ModelCatalogConfig config) {
        return FilterDeclaration.NONE.withTraits(config.models().isEmpty()
                ? Set.of(FilterTrait.MAY_ANSWER, FilterTrait.LISTS_MODELS) : Set.of(FilterTrait.MAY_ANSWER));
    }

    @Override
    public HttpFilter create(ModelCatalogConfig config, FilterBuildContext context) {
        return new ModelCatalogFilter(config, new ModelCatalog(config,
                context.pipelineExports().published(PipelineCandidates.SOURCES)));
    }
}
