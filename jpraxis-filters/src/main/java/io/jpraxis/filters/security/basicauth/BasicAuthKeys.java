package io.jpraxis.filters.security.basicauth;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of a {@code basic_auth} entry and of its credentials. */
public final class BasicAuthKeys {
    private static final String ONE_SOURCE = "exactly one of password, env_var";

    static final ObjectDescriptor CREDENTIAL = ObjectDescriptor.of("One user and where their password comes from.",
            key("username", new KeyType.Text(1, null), "The user name.").asRequired()
                    .withRule("at most " + BasicAuthConfig.MAX_USERNAME_BYTES + " bytes, not blank, each once"),
            key("password", KeyType.text(), "The password itself; kept only as its SHA-256 digest.").asSecret()
                    .withRule(ONE_SOURCE),
            key("env_var", new KeyType.Text(1, null), "The environment variable holding the password, read once "
                    + "at startup.").withRule(ONE_SOURCE + "; must be set at startup"))
            .withExactlyOne("password", "env_var");

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Asks for a user name and password "
            + "(HTTP Basic, RFC 7617); 401 with a challenge otherwise.",
            key("realm", KeyType.text(), "The realm named in the WWW-Authenticate challenge.")
                    .withDefault(BasicAuthConfig.DEFAULT_REALM).withRule("no double quote, backslash or control "
                            + "character"),
            key("strip_authorization", KeyType.bool(), "Remove the client's Authorization header before the "
                    + "request goes upstream.").withDefault("true"),
            key("credentials", KeyType.listOf(KeyType.object(CREDENTIAL), 1, null), "The users allowed in.")
                    .asRequired())
            // A runtime key-value store holds Praxis's other credential source; jpraxis has none yet.
            .withNotImplemented("kv_store");

    private BasicAuthKeys() {
    }
}
