package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.AdminConfig;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.Names;

/**
 * Reads {@code admin} (see docs/behaviour/config-loading.md#admin-listener): {@code address} binds
 * to loopback only unless {@code allow_public_admin}. {@code metrics_address} may bind any
 * interface, as in Praxis: it serves only {@code /healthy}, {@code /ready} and {@code /metrics}
 * (never {@code /config}), and orchestrators probe it on the pod address. Port 0 is accepted (an
 * ephemeral port, for tests).
 */
public final class AdminReader {
    /** The keys of {@code admin}. */
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of(
            "The admin server: health, readiness, metrics and config endpoints.",
            key("address", KeyType.text(), "host:port the admin server binds (/healthy, /ready, /metrics, /config); "
                    + "loopback only unless insecure_options.allow_public_admin. Unset: no admin server."),
            key("metrics_address", KeyType.text(), "host:port of a second listener serving only /healthy, /ready and "
                    + "/metrics; it may bind any interface."),
            key("verbose", KeyType.bool(), "Accepted for Praxis configs; it changes nothing in jpraxis.").withDefault(false));

    private AdminReader() {
    }

    /** Reads the block; a null or absent node gives {@link AdminConfig#DISABLED}. */
    public static AdminConfig read(ConfigNode node, ConfigPath path, Diagnostics d, InsecureOptions insecure) {
        if (node == null || node instanceof ConfigNode.NullNode) {
            return AdminConfig.DISABLED;
        }
        MapReader r = MapReader.of(node, path, d, KEYS);
        AdminConfig admin = new AdminConfig(bind(r, "address", insecure.allowPublicAdmin()),
                bind(r, "metrics_address", true),
                r.bool("verbose", false));
        r.finish();
        return admin;
    }

    private static HostPort bind(MapReader r, String key, boolean publicAllowed) {
        ConfigNode node = r.present(key).orElse(null);
        if (node == null) {
            return null;
        }
        HostPort address = HostPortParser.readBindAddress(node, r.path(key), r.diagnostics()).orElse(null);
        if (address != null && !publicAllowed && AddressClass.of(address.host()) != AddressClass.LOOPBACK) {
            r.diagnostics().invalid(r.path(key), node.line(), Names.quote(address.render()),
                    "a loopback address such as 127.0.0.1:" + address.port()
                            + "; other binds need insecure_options.allow_public_admin: true");
        }
        return address;
    }
}
