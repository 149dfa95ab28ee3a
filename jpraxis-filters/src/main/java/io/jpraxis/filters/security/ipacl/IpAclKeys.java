package io.jpraxis.filters.security.ipacl;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of an {@code ip_acl} entry. */
public final class IpAclKeys {
    private static final String CIDR = "IPv4 or IPv6 addresses or CIDR ranges; not together with the other list";

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Admits or refuses requests by client address "
            + "(403 on refusal).",
            key("allow", KeyType.listOf(KeyType.text()), "Only clients in these ranges pass.").withDefault("[]")
                    .withRule(CIDR),
            key("deny", KeyType.listOf(KeyType.text()), "Clients in these ranges are refused.").withDefault("[]")
                    .withRule(CIDR));

    private IpAclKeys() {
    }
}
