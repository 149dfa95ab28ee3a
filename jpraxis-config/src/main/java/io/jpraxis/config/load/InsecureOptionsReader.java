package io.jpraxis.config.load;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.model.InsecureOptions.SkipCheck;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import java.util.EnumSet;
import java.util.Set;

/** Reads {@code insecure_options} (spec 1.10); every flag defaults to false, unknown keys are errors. */
public final class InsecureOptionsReader {
    private InsecureOptionsReader() {
    }

    /** Reads the block; a null or absent node gives {@link InsecureOptions#NONE}. */
    public static InsecureOptions read(ConfigNode node, ConfigPath path, Diagnostics d) {
        if (node == null || node instanceof ConfigNode.NullNode) {
            return InsecureOptions.NONE;
        }
        MapReader r = MapReader.of(node, path, d);
        InsecureOptions options = new InsecureOptions(
                r.bool("allow_open_security_filters", false),
                r.bool("allow_private_endpoints", false),
                r.bool("allow_private_health_checks", false),
                r.bool("allow_private_upstreams", false),
                r.bool("allow_public_admin", false),
                r.bool("allow_root", false),
                r.bool("allow_tls_no_verify", false),
                r.bool("allow_tls_without_sni", false),
                r.bool("allow_unbounded_body", false),
                r.bool("csrf_log_only", false),
                r.map("skip_pipeline_checks").map(InsecureOptionsReader::skipChecks).orElse(Set.of()),
                r.bool("skip_pipeline_validation", false));
        r.finish();
        return options;
    }

    private static Set<SkipCheck> skipChecks(MapReader r) {
        Set<SkipCheck> checks = EnumSet.noneOf(SkipCheck.class);
        for (SkipCheck check : SkipCheck.values()) {
            if (r.bool(Scalars.yamlName(check), false)) {
                checks.add(check);
            }
        }
        r.finish();
        return checks;
    }
}
