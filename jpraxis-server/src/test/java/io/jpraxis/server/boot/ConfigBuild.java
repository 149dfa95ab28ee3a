package io.jpraxis.server.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;

/** What {@code jpraxis validate} does with config text, and what the config fuzz tests hold it to. */
final class ConfigBuild {
    private static final GatewayBuilder BUILDER = new GatewayBuilder(FeatureSet.NONE, RuntimeServices.system());

    private ConfigBuild() {
    }

    /**
     * Loads, validates and compiles {@code yaml}, as {@code validate} does: no exception escapes,
     * and the config either built with no error or was refused with at least one.
     */
    static void validates(String yaml) {
        CompileResult result = BUILDER.build(yaml);
        if (result.ok()) {
            assertThat(result.diagnostics().hasErrors()).as("errors beside a built config").isFalse();
            result.gateway().close();
        } else {
            assertThat(result.diagnostics().errors()).as("a refused config names its errors").isNotEmpty();
        }
    }
}
