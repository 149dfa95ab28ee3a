package io.jpraxis.bench.soak;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.config.load.LoadResult;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.pipeline.compile.PipelineCompiler;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.GatewayFilters;
import org.junit.jupiter.api.Test;

/** Both variants go through the load, validate and compile path of {@code jpraxis validate}. */
class SoakConfigTest {

    private static CompileResult compile(String yaml) {
        LoadResult loaded = new ConfigLoader().load(yaml, FeatureSet.NONE);
        assertThat(loaded.diagnostics().all()).as("loads cleanly:\n" + yaml).extracting(Diagnostic::render).isEmpty();
        CompileResult compiled = new PipelineCompiler(FilterRegistry.withBuiltIns(GatewayFilters.all()),
                FeatureSet.NONE, RuntimeServices.system()).compile(loaded.config(), loaded.diagnostics());
        assertThat(compiled.diagnostics().all()).as("no diagnostics").extracting(Diagnostic::render).isEmpty();
        return compiled;
    }

    @Test
    void bothVariantsCompileWithTheVariantFilterBeforeTheBalancerAndAnAdminSocket() {
        for (String variant : new String[] {SoakConfig.FIRST, SoakConfig.SECOND}) {
            String yaml = SoakConfig.yaml(18080, "127.0.0.1:18081", 18090, variant);
            var filters = compile(yaml).gateway().listeners().get(0).pipeline().filters();
            assertThat(filters).as("router, 17 headers, the variant's headers, load_balancer").hasSize(20);
            assertThat(filters.get(18).entry().filterType()).isEqualTo("headers");
            assertThat(filters.get(19).entry().filterType()).isEqualTo("load_balancer");
            assertThat(new ConfigLoader().load(yaml, FeatureSet.NONE).config().admin())
                    .as("the admin socket serves /metrics").isNotNull();
        }
    }

    @Test
    void theVariantsDifferOnlyInTheHeaderValueSoEachRewriteIsAReloadNotARestart() {
        String a = SoakConfig.yaml(18080, "127.0.0.1:18081", 18090, SoakConfig.FIRST);
        String b = SoakConfig.yaml(18080, "127.0.0.1:18081", 18090, SoakConfig.SECOND);
        assertThat(a).isNotEqualTo(b);
        assertThat(b.replace("x-soak-variant, value: \"b\"", "x-soak-variant, value: \"a\"")).isEqualTo(a);
        assertThat(SoakConfig.next(SoakConfig.next(SoakConfig.FIRST))).isEqualTo(SoakConfig.FIRST);
    }
}
