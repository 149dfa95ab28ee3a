package io.jpraxis.filters.security.forwarded;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of a {@code forwarded_headers} entry (docs/reference/filters/forwarded_headers.md). */
public final class ForwardedHeadersKeys {
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Decides whether the forwarding headers a "
            + "request arrived with are believed, and resolves the client behind trusted proxies.",
            key("trusted_proxies", KeyType.listOf(KeyType.text()), "Proxies whose forwarding headers are "
                    + "believed; the client is the rightmost hop outside these ranges.").withDefault("[]")
                    .withRule("IPv4 or IPv6 addresses or CIDR ranges"),
            key("use_standard_header", KeyType.bool(), "Read the client from Forwarded (RFC 7239) instead of "
                    + "X-Forwarded-For.").withDefault(false));

    private ForwardedHeadersKeys() {
    }
}
