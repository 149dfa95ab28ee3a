package io.jpraxis.ai.modeltoheader;

import io.jpraxis.ai.headers.HeaderPolicy;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.FilterBuildContext;
import io.jpraxis.core.filter.FilterFactory;
import io.jpraxis.core.filter.HttpFilter;
import java.util.Optional;

/**
 * Builds {@code model_to_header} filters: {@code header} (default {@code X-Model}, held to
 * {@link HeaderPolicy#CONFIGURABLE}) and {@code trust_existing_header} (default false).
 */
public final class ModelToHeaderFactory implements FilterFactory {
    /** The YAML type name. */
    public static final String TYPE = "model_to_header";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<HttpFilter> create(MapReader options, FilterBuildContext context) {
        String header = options.string("header").orElse(ModelToHeaderConfig.DEFAULT_HEADER);
        if (options.has("header")) {
            HeaderPolicy.CONFIGURABLE.check(header, options.path("header"), options.line("header"),
                    options.diagnostics());
        }
        boolean trust = options.bool("trust_existing_header", false);
        if (!options.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(new ModelToHeaderFilter(new ModelToHeaderConfig(header, trust)));
    }
}
