package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import java.util.Optional;

/** The map form of a cluster's {@code http.authority}: {@code {from: endpoint}}, the one source there is. */
final class AuthorityFrom {
    static final String EXPECTED = "authority must be a host[:port] string or { from: endpoint }";

    /** The one accepted value of {@code from}. */
    enum Source { ENDPOINT }

    static final ObjectDescriptor KEYS = ObjectDescriptor.of("Where the upstream Host comes from.",
            key("from", KeyType.choice(Source.class), "`endpoint`: the endpoint each attempt goes to."));

    private AuthorityFrom() {
    }

    /** Whether the map names {@code from: endpoint}; anything else is reported. */
    static boolean read(ConfigNode node, ConfigPath path, Diagnostics d) {
        MapReader r = MapReader.of(node, path, d, KEYS);
        Optional<ConfigNode> from = r.present("from");
        if (from.isEmpty()) {
            d.invalid(path, node.line(), node.render(), EXPECTED);
            r.finish();
            return false;
        }
        Optional<Source> source = r.enumValue("from", Source.class);
        return r.finishCleanly() && source.isPresent();
    }
}
