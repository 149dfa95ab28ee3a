package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.config.model.ClusterHttpConfig.HttpVersion;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.Names;

/** Reads a cluster's {@code http} block: authority, version, application identifiers. */
final class ClusterHttpReader {
    /** The keys of a cluster's {@code http}. */
    static final ObjectDescriptor KEYS = ObjectDescriptor.of("How requests to the cluster's endpoints are written.",
            key("authority", KeyType.oneOf(KeyType.text(), KeyType.object(AuthorityFrom.KEYS)), "Host (and port) "
                    + "sent as the upstream Host, or `{from: endpoint}` for each attempt's endpoint; unset: the "
                    + "client's."),
            key("version", KeyType.choice(HttpVersion.class), "Upstream HTTP version: h1; h2 (ALPN h2 over TLS, "
                    + "h2c by prior knowledge in cleartext); auto (over TLS the origin's ALPN choice of h2 or "
                    + "http/1.1, in cleartext h1).").withDefault("h1"),
            key("application_protocol", KeyType.text(), "Application protocol tag (an identifier) that "
                    + "bound_upstream and selected_upstream conditions match."),
            key("application_provider", KeyType.text(), "Application provider tag (an identifier) that "
                    + "bound_upstream and selected_upstream conditions match."));

    private ClusterHttpReader() {
    }

    /** Reads the block of cluster {@code cluster} (named in identifier messages; null when it has no name). */
    static ClusterHttpConfig read(ConfigNode node, ConfigPath path, Diagnostics d, String cluster) {
        MapReader r = MapReader.of(node, path, d, KEYS);
        boolean fromEndpoint = r.present("authority").map(n -> n instanceof ConfigNode.MapNode).orElse(false);
        String authority = null;
        if (fromEndpoint) {
            fromEndpoint = AuthorityFrom.read(r.present("authority").get(), r.path("authority"), d);
        } else if (r.present("authority").map(n -> n instanceof ConfigNode.ScalarNode).orElse(false)) {
            authority = r.string("authority").filter(a -> checkAuthority(a, r)).orElse(null);
        } else if (r.present("authority").isPresent()) {
            d.invalid(r.path("authority"), r.line("authority"), r.present("authority").get().render(),
                    AuthorityFrom.EXPECTED);
        }
        HttpVersion version = r.enumValue("version", HttpVersion.class).orElse(HttpVersion.H1);
        ClusterHttpConfig http = new ClusterHttpConfig(authority, version,
                identifier(r, "application_protocol", cluster),
                identifier(r, "application_provider", cluster), fromEndpoint);
        r.finish();
        return http;
    }

    /**
     * An optional identifier (see docs/behaviour/clusters.md#application-identifiers); the message
     * names the cluster, since the path only indexes it.
     */
    private static String identifier(MapReader r, String key, String cluster) {
        return r.string(key).filter(v -> {
            if (Names.isIdentifier(v)) {
                return true;
            }
            r.diagnostics().invalid(r.path(key), r.line(key), Names.quote(v), Names.IDENTIFIER_RULE
                    + (cluster == null ? "" : "; cluster '" + cluster + "'"));
            return false;
        }).orElse(null);
    }

    private static boolean checkAuthority(String authority, MapReader r) {
        return switch (HostPortParser.parse(authority, false)) {
            case HostPortParser.Ok ok -> true;
            case HostPortParser.Bad bad -> {
                r.diagnostics().invalid(r.path("authority"), r.line("authority"), Names.quote(authority),
                        bad.expectation());
                yield false;
            }
        };
    }
}
