package io.jpraxis.filters.security.credentialinjection;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of a {@code credential_injection} entry and of its clusters. */
public final class CredentialInjectionKeys {
    private static final String ONE_SOURCE = "exactly one of value, env_var";

    static final ObjectDescriptor CLUSTER = ObjectDescriptor.of("The credential sent to one cluster.",
            key("name", new KeyType.Text(1, null), "The cluster.").asRequired().withRule("not blank, each once"),
            key("header", new KeyType.Text(1, null), "The request header the credential goes in.").asRequired()
                    .withRule("a valid header name"),
            key("value", KeyType.text(), "The credential itself.").asSecret().withRule(ONE_SOURCE),
            key("env_var", new KeyType.Text(1, null), "The environment variable holding the credential, read once "
                    + "at startup.").withRule(ONE_SOURCE + "; must be set at startup"),
            key("header_prefix", KeyType.text(), "Written before the credential (`Bearer `).")
                    .withRule("prefix and credential together a valid header value"),
            key("strip_client_credential", KeyType.bool(), "Deprecated, no effect: the injected header always "
                    + "replaces the client's.").withDefault("true"))
            .withExactlyOne("value", "env_var");

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Sets a per-cluster credential header on the "
            + "upstream request.",
            key("clusters", KeyType.listOf(KeyType.object(CLUSTER), 1, null), "The clusters and their credentials.")
                    .asRequired().withRule("each cluster once"));

    private CredentialInjectionKeys() {
    }
}
