package io.jpraxis.server.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.InsecureOptions;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StartupWarningsTest {
    @Test
    void quietWhenNothingIsEnabledAndNotRoot() {
        assertThat(StartupWarnings.of(FeatureSet.NONE, InsecureOptions.NONE, false)).isEmpty();
    }

    @Test
    void oneWarningNamesEveryEnabledFeature() {
        var warnings = StartupWarnings.of(FeatureSet.of(Feature.ITERATIVE_REQUEST_ROUTER), InsecureOptions.NONE, false);
        assertThat(warnings).hasSize(1);
        assertThat(warnings.get(0)).contains("iterative-request-router").contains("upstream-binding");
    }

    @Test
    void eachInsecureFlagWarnsAndAllowRootSilencesTheRootWarning() {
        InsecureOptions insecure = new InsecureOptions(false, true, false, false, false, true, false, false, false,
                false, Set.of(InsecureOptions.SkipCheck.DUPLICATE_ROUTERS), false);
        var warnings = StartupWarnings.of(FeatureSet.NONE, insecure, true);
        assertThat(warnings).anyMatch(w -> w.contains("allow_private_endpoints"))
                .anyMatch(w -> w.contains("skip_pipeline_checks.duplicate_routers"))
                .noneMatch(w -> w.startsWith("running as root"));
        assertThat(StartupWarnings.of(FeatureSet.NONE, InsecureOptions.NONE, true))
                .singleElement().asString().startsWith("running as root");
    }

    @Test
    void rootIsWarnedAboutUnlessAllowRootAcknowledgesIt() {
        assertThat(StartupWarnings.rootWarning(true, false)).as("docs/behaviour/feature-flags.md#startup-warnings: warn, never refuse").isPresent()
                .get().asString().contains("UID 0").contains("allow_root");
        assertThat(StartupWarnings.rootWarning(true, true)).as("acknowledged").isEmpty();
        assertThat(StartupWarnings.rootWarning(false, false)).as("not root").isEmpty();
        assertThat(StartupWarnings.rootWarning(false, true)).isEmpty();
    }
}
