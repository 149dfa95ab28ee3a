package io.jpraxis.ai.modelcatalog;

import io.jpraxis.config.model.YamlShaped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code model_catalog} filter's config (docs/reference/filters/model_catalog.md#keys): the
 * listing path, the {@code created} time it reports, and the models it lists beside those of the
 * pipeline's {@code intelligent_route} candidates.
 *
 * @param path the listing path in canonical form, no trailing slash ({@code /v1/models})
 * @param created Unix seconds, reported as each listed model's {@code created}
 * @param models listed first, in this order; empty when the catalog lists the route's models only
 */
public record ModelCatalogConfig(String path, long created, List<Model> models) {
    static final String DEFAULT_PATH = "/v1/models";
    static final String DEFAULT_OWNER = "jpraxis";
    static final int MAX_MODELS = 1024;
    static final int MAX_TEXT = 256;
    /** The largest integer a JSON number holds exactly in every SDK (2^53 - 1). */
    static final long MAX_CREATED = (1L << 53) - 1;

    public ModelCatalogConfig {
        models = List.copyOf(models);
    }

    /** One listed model as OpenAI describes it. */
    public record Model(String id, String ownedBy, long created) implements YamlShaped {
        @Override
        public Object toYaml() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("id", id);
            out.put("owned_by", ownedBy);
            out.put("created", created);
            return out;
        }
    }
}
