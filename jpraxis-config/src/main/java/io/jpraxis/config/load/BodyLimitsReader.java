package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyDescriptor;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import java.util.Optional;

/**
 * Reads {@code body_limits} (see docs/behaviour/body-access.md#body-limits): each ceiling defaults
 * to 10 MiB; an explicit {@code null} removes it, which needs {@code
 * insecure_options.allow_unbounded_body}.
 */
public final class BodyLimitsReader {
    /** The keys of {@code body_limits}. */
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of(
            "Ceilings on the bodies the gateway buffers or relays.",
            limitKey("max_request_bytes", "Largest request body, in bytes."),
            limitKey("max_response_bytes", "Largest response body, in bytes."));

    private BodyLimitsReader() {
    }

    /** Reads the block; a null or absent node gives {@link BodyLimits#DEFAULT}. */
    public static BodyLimits read(ConfigNode node, ConfigPath path, Diagnostics d, InsecureOptions insecure) {
        if (node == null || node instanceof ConfigNode.NullNode) {
            return BodyLimits.DEFAULT;
        }
        MapReader r = MapReader.of(node, path, d, KEYS);
        BodyLimits limits = new BodyLimits(limit(r, "max_request_bytes", insecure), limit(r, "max_response_bytes", insecure));
        r.finish();
        return limits;
    }

    private static Long limit(MapReader r, String key, InsecureOptions insecure) {
        Optional<ConfigNode> node = r.node(key);
        if (node.isEmpty()) {
            return BodyLimits.DEFAULT_BYTES;
        }
        if (node.get() instanceof ConfigNode.NullNode n) {
            if (!insecure.allowUnboundedBody()) {
                r.diagnostics().invalid(r.path(key), n.line(), "null",
                        "a byte count; null (unbounded) needs insecure_options.allow_unbounded_body: true");
            }
            return null;
        }
        KeyType.Int range = (KeyType.Int) KEYS.require(key).type();
        return Scalars.integer(node.get(), r.path(key), r.diagnostics(), range.min(), range.max())
                .orElse(BodyLimits.DEFAULT_BYTES);
    }

    private static KeyDescriptor limitKey(String name, String description) {
        return key(name, KeyType.integer(0, Long.MAX_VALUE), description).withDefault(BodyLimits.DEFAULT_BYTES)
                .nullMeans("no limit; needs insecure_options.allow_unbounded_body: true");
    }
}
