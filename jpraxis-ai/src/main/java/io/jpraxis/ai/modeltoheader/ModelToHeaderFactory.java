package io.jpraxis.ai.modeltoheader;

import io.jpraxis.ai.headers.HeaderPolicy;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.payload.jsonbodyfield.JsonBodyFieldConfig;
import java.util.Optional;
import java.util.Set;

/**
 * Builds {@code model_to_header} filters: {@code header} (default {@code X-Model}, held to
 * {@link HeaderPolicy#CONFIGURABLE}) and {@code trust_existing_header} (default false).
 */
public final class ModelToHeaderFactory implements FilterFactory<ModelToHeaderConfig> {
    /** The YAML type name. */
    public static final String TYPE = "model_to_header";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(ModelToHeaderKeys.KEYS);
    }

    @Override
    public Optional<ModelToHeaderConfig> read(MapReader options, FilterReadContext context) {
        String header = options.string("header").orElse(ModelToHeaderConfig.DEFAULT_HEADER);
        if (options.has("header")) {
            HeaderPolicy.CONFIGURABLE.check(header, options.path("header"), options.line("header"),
                    options.diagnostics());
        }
        boolean trust = options.bool("trust_existing_header", false);
        if (!options.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(new ModelToHeaderConfig(header, trust));
    }

    /**
     * Reads the whole request body, in the same bounded buffer {@code json_body_field} uses by
     * default (10 MiB); owns its header unless it trusts an existing one.
     */
    @Override
    public FilterDeclaration declare(ModelToHeaderConfig config) {
        return FilterDeclaration.NONE
                .withRequestBody(BodyAccess.READ_ONLY, BodyMode.buffer(JsonBodyFieldConfig.DEFAULT_MAX_BODY_BYTES))
                .withOwnedRequestHeaders(config.trustExistingHeader() ? Set.of()
                        : ModelToHeaderFilter.promotion(config).targetHeaders());
    }

    @Override
    public HttpFilter create(ModelToHeaderConfig config, FilterBuildContext context) {
        return new ModelToHeaderFilter(config);
    }
}
