package io.jpraxis.ai.modelcatalog;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of a {@code model_catalog} entry and of its own models. */
public final class ModelCatalogKeys {
    private static final KeyType TEXT = new KeyType.Text(1, ModelCatalogConfig.MAX_TEXT);
    private static final KeyType CREATED = KeyType.integer(0, ModelCatalogConfig.MAX_CREATED);
    static final ObjectDescriptor MODEL = ObjectDescriptor.of("One model the catalog lists besides the "
            + "intelligent_route candidates' models.",
            key("id", TEXT, "The model's id, as clients send it in `model`.").asRequired()
                    .withRule("not blank; each once"),
            key("owned_by", TEXT, "Reported as the model's `owned_by`.").withDefault(ModelCatalogConfig.DEFAULT_OWNER)
                    .withRule("not blank"),
            key("created", CREATED, "Reported as the model's `created` (Unix seconds); unset: the catalog's "
                    + "`created`."));

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Answers GET /v1/models and "
            + "GET /v1/models/{id} in OpenAI's format from the models the pipeline's intelligent_route candidates "
            + "name.",
            key("path", new KeyType.Text(2, ModelCatalogConfig.MAX_TEXT), "The listing path; a model is "
                    + "`<path>/<id>`.").withDefault(ModelCatalogConfig.DEFAULT_PATH)
                    .withRule("a canonical absolute path, no trailing /, no ? or #"),
            key("created", CREATED, "Reported as each listed model's `created` (Unix seconds).").withDefault(0),
            key("models", KeyType.listOf(KeyType.object(MODEL), 0, ModelCatalogConfig.MAX_MODELS), "Models "
                    + "listed first, besides the candidates' models; with none, the pipeline needs an "
                    + "intelligent_route.").withDefault("[]"));

    private ModelCatalogKeys() {
    }
}
