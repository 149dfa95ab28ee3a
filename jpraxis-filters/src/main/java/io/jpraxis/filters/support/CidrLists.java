package io.jpraxis.filters.support;

import io.jpraxis.config.read.MapReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads a filter key holding a list of CIDR ranges ({@code ip_acl}'s lists, {@code trusted_proxies}). */
public final class CidrLists {
    private CidrLists() {
    }

    /** The parsed ranges (empty when the key is absent), or null after reporting every entry that is not one. */
    public static List<Cidr> read(MapReader options, String key) {
        if (options.present(key).isEmpty()) {
            return List.of();
        }
        Optional<List<String>> texts = options.strings(key);
        if (texts.isEmpty()) {
            return null;
        }
        List<Cidr> out = new ArrayList<>();
        boolean ok = true;
        for (int i = 0; i < texts.get().size(); i++) {
            String text = texts.get().get(i);
            Optional<Cidr> cidr = Cidr.parse(text);
            if (cidr.isEmpty()) {
                options.diagnostics().invalid(options.path(key).index(i), options.line(key), "\"" + text + "\"",
                        "an IPv4 or IPv6 address or CIDR range, e.g. 10.0.0.0/8 or 2001:db8::/32");
                ok = false;
            } else {
                out.add(cidr.get());
            }
        }
        return ok ? out : null;
    }
}
