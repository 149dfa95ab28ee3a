package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.UpstreamMatcher;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.Names;
import java.util.Optional;

/**
 * Reads a {@code {application_protocol?, application_provider?}} matcher: the shape of a
 * {@code bound_upstream} or {@code selected_upstream} condition, and of anything else that matches
 * a cluster's application tags ({@code model_rewrite}'s {@code when}), so all are read and refused
 * alike.
 */
public final class UpstreamMatcherReader {
    /** The keys of a matcher; at least one is written. */
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Matches a cluster by its application tags.",
            key("application_protocol", KeyType.text(), "The cluster's http.application_protocol."),
            key("application_provider", KeyType.text(), "The cluster's http.application_provider."));

    private UpstreamMatcherReader() {
    }

    /** The matcher at {@code node}; at least one field is required, each a canonical identifier. */
    public static Optional<UpstreamMatcher> read(ConfigNode node, ConfigPath path, Diagnostics d) {
        MapReader r = MapReader.of(node, path, d, KEYS);
        if (node instanceof ConfigNode.MapNode && r.isEmpty()) {
            d.invalid(path, node.line(), "{}", "at least one of application_protocol | application_provider");
            return Optional.empty();
        }
        String protocol = identifier(r, "application_protocol");
        String provider = identifier(r, "application_provider");
        r.finish();
        return protocol == null && provider == null ? Optional.empty()
                : Optional.of(new UpstreamMatcher(protocol, provider));
    }

    /**
     * An optional identifier field (see docs/behaviour/clusters.md#application-identifiers),
     * reported when not canonical.
     */
    private static String identifier(MapReader r, String key) {
        return r.string(key)
                .filter(v -> Names.checkIdentifier(v, r.path(key), r.line(key), r.diagnostics()))
                .orElse(null);
    }
}
