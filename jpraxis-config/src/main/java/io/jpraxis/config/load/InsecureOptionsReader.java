package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyDescriptor;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.model.InsecureOptions.SkipCheck;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Reads {@code insecure_options} (see docs/behaviour/config-loading.md#insecure-options); every
 * flag defaults to false, unknown keys are errors.
 */
public final class InsecureOptionsReader {
    /** One flag per ordering check, named after it. */
    private static final ObjectDescriptor SKIP_CHECKS = new ObjectDescriptor("Ordering checks to skip.",
            Arrays.stream(SkipCheck.values()).map(c -> flag(Scalars.yamlName(c), "Skips the "
                    + Scalars.yamlName(c) + " ordering check.")).toList(), true, List.of(), List.of());
    /** The keys of {@code insecure_options}, each a flag that is off unless set. */
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of(
            "Development escape hatches; each one that is on is logged at startup.",
            flag("allow_open_security_filters", "Lets security filters be configured so they admit everything."),
            flag("allow_private_endpoints", "Lets cluster endpoints sit in loopback, private, link-local or "
                    + "cloud-metadata ranges."),
            flag("allow_private_health_checks", "Lets health probes target loopback, link-local or cloud-metadata "
                    + "addresses."),
            flag("allow_private_upstreams", "Lets filters that pick upstreams at run time reach private ranges."),
            flag("allow_public_admin", "Lets admin.address bind a non-loopback address."),
            flag("allow_root", "Lets the gateway run as root."),
            flag("allow_tls_no_verify", "Lets a cluster's tls.verify be false."),
            flag("allow_tls_without_sni", "Lets a cluster's tls leave sni out."),
            flag("allow_unbounded_body", "Lets body_limits be null (no limit)."),
            flag("csrf_log_only", "Makes CSRF checks log instead of refusing."),
            key("skip_pipeline_checks", KeyType.object(SKIP_CHECKS), "Ordering checks to skip, one flag each."),
            flag("skip_pipeline_validation", "Skips every ordering check."));

    private InsecureOptionsReader() {
    }

    /** Reads the block; a null or absent node gives {@link InsecureOptions#NONE}. */
    public static InsecureOptions read(ConfigNode node, ConfigPath path, Diagnostics d) {
        if (node == null || node instanceof ConfigNode.NullNode) {
            return InsecureOptions.NONE;
        }
        MapReader r = MapReader.of(node, path, d, KEYS);
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
                r.map("skip_pipeline_checks", SKIP_CHECKS).map(InsecureOptionsReader::skipChecks).orElse(Set.of()),
                r.bool("skip_pipeline_validation", false));
        r.finish();
        return options;
    }

    private static KeyDescriptor flag(String name, String description) {
        return key(name, KeyType.bool(), description).withDefault(false);
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
