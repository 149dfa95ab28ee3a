package io.jpraxis.server.boot;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.read.Scalars;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The warnings {@code serve} logs once at startup: experimental features (see
 * docs/behaviour/feature-flags.md#enabling-flags), every active insecure option (see
 * docs/behaviour/config-loading.md#insecure-options) and running as root (see
 * docs/behaviour/feature-flags.md#startup-warnings).
 */
public final class StartupWarnings {
    private StartupWarnings() {
    }

    /** Warnings for this config and process, in a stable order. */
    public static List<String> of(FeatureSet features, InsecureOptions insecure, boolean runningAsRoot) {
        List<String> warnings = new ArrayList<>();
        if (!features.isEmpty()) {
            warnings.add("experimental features are enabled that should not be used in production: " + features);
        }
        addIf(warnings, insecure.allowOpenSecurityFilters(), "allow_open_security_filters");
        addIf(warnings, insecure.allowPrivateEndpoints(), "allow_private_endpoints");
        addIf(warnings, insecure.allowPrivateHealthChecks(), "allow_private_health_checks");
        addIf(warnings, insecure.allowPrivateUpstreams(), "allow_private_upstreams");
        addIf(warnings, insecure.allowPublicAdmin(), "allow_public_admin");
        addIf(warnings, insecure.allowRoot(), "allow_root");
        addIf(warnings, insecure.allowTlsNoVerify(), "allow_tls_no_verify");
        addIf(warnings, insecure.allowTlsWithoutSni(), "allow_tls_without_sni");
        addIf(warnings, insecure.allowUnboundedBody(), "allow_unbounded_body");
        addIf(warnings, insecure.csrfLogOnly(), "csrf_log_only");
        insecure.skipPipelineChecks().stream().map(Scalars::yamlName).sorted()
                .forEach(flag -> warnings.add("insecure_options.skip_pipeline_checks." + flag
                        + " is set: that ordering check does not run"));
        addIf(warnings, insecure.skipPipelineValidation(), "skip_pipeline_validation");
        rootWarning(runningAsRoot, insecure.allowRoot()).ifPresent(warnings::add);
        return warnings;
    }

    private static void addIf(List<String> warnings, boolean on, String flag) {
        if (on) {
            warnings.add("insecure_options." + flag + " is enabled: do not use it in production");
        }
    }

    /**
     * Running as UID 0 is warned about, never refused, and {@code allow_root} acknowledges it (see
     * docs/behaviour/feature-flags.md#startup-warnings).
     */
    public static Optional<String> rootWarning(boolean runningAsRoot, boolean allowRoot) {
        if (!runningAsRoot || allowRoot) {
            return Optional.empty();
        }
        return Optional.of("running as root (UID 0); run as an unprivileged user, or set insecure_options.allow_root "
                + "to acknowledge");
    }
}
