package io.jpraxis.ai.credentialinject;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import java.util.List;

/** The keys of a {@code credential_inject} entry and of its credentials. */
public final class CredentialInjectKeys {
    private static final String LOCATOR = "1 to " + CredentialReader.MAX_LOCATOR_BYTES + " bytes, not blank";
    private static final String ONE_SOURCE = "exactly one of value, env_var, file";
    private static final KeyType SOURCE = new KeyType.Text(1, TokenLoader.MAX_SOURCE_CHARS);
    private static final ObjectDescriptor CREDENTIAL = ObjectDescriptor.of("One credential: the secret it stands "
            + "for, how it is sent, and where its token comes from.",
            key("name", new KeyType.Text(1, null), "The secret's name.").asRequired().withRule(LOCATOR),
            key("namespace", new KeyType.Text(1, null), "The secret's namespace.").asRequired().withRule(LOCATOR),
            key("key", new KeyType.Text(1, null), "The key within the secret.").asRequired().withRule(LOCATOR),
            key("strategy", new KeyType.Choice(List.of("bearer_token", "apikey")), "`Authorization: Bearer <token>`, "
                    + "or the raw token in header.").withDefault("bearer_token"),
            key("header", KeyType.text(), "The header an apikey token goes in.")
                    .withRule("required with apikey, refused with bearer_token"),
            key("value", KeyType.text(), "The token itself.").asSecret().withRule(ONE_SOURCE),
            key("env_var", SOURCE, "The environment variable holding the token, read once at startup.")
                    .withRule(ONE_SOURCE + "; must be set at startup"),
            key("file", SOURCE, "The file holding the token, read once at startup and trimmed.")
                    .withRule(ONE_SOURCE + "; at most " + TokenLoader.MAX_TOKEN_BYTES + " bytes"))
            .withExactlyOne("value", "env_var", "file");

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Sets the upstream credential of the "
            + "candidate intelligent_route picked.",
            key("credentials", KeyType.listOf(KeyType.object(CREDENTIAL), 1, CredentialInjectConfig.MAX_CREDENTIALS),
                    "The credentials.").asRequired().withRule("each name/namespace/key once"));

    private CredentialInjectKeys() {
    }
}
