package io.jpraxis.ai.modelrewrite;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.load.UpstreamMatcherReader;
import io.jpraxis.filters.payload.jsonbodyfield.JsonBodyFieldConfig;

/** The keys of a {@code model_rewrite} entry and of its rules. */
public final class ModelRewriteKeys {
    private static final String MODEL = "not blank, no control characters";
    private static final ObjectDescriptor RULE = ObjectDescriptor.of("One rewrite: a model name, its replacement, "
            + "and the upstream it applies to.",
            key("from", new KeyType.Text(1, ModelRewriteFactory.MAX_MODEL_CHARS), "The model name rewritten.")
                    .asRequired().withRule(MODEL + "; one rule per from and when"),
            key("to", new KeyType.Text(1, ModelRewriteFactory.MAX_MODEL_CHARS), "The model name sent instead.")
                    .asRequired().withRule(MODEL),
            key("when", KeyType.object(UpstreamMatcherReader.KEYS), "Only when the chosen cluster has these "
                    + "application tags; unset: always.").withRule("at least one key"));

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Rewrites the request body's model field.",
            key("rules", KeyType.listOf(KeyType.object(RULE), 1, ModelRewriteFactory.MAX_RULES), "The rules.")
                    .asRequired(),
            key("max_body_bytes", KeyType.integer(1, JsonBodyFieldConfig.MAX_BODY_BYTES), "Largest request body "
                    + "read.").withDefault(JsonBodyFieldConfig.DEFAULT_MAX_BODY_BYTES));

    private ModelRewriteKeys() {
    }
}
