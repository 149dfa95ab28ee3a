package io.jpraxis.ai.apikeyauth;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of an {@code api_key_auth} entry and of its client keys. */
public final class ApiKeyAuthKeys {
    static final ObjectDescriptor KEY = ObjectDescriptor.of("One client key: its name and the SHA-256 digest of "
            + "the key (never the key).",
            key("name", new KeyType.Text(1, ApiKeyAuthConfig.MAX_NAME_CHARS), "The key's name; becomes the "
                    + "authenticated subject.").asRequired().withRule("each once"),
            key("sha256", new KeyType.Text(64, 64), "The lowercase or uppercase hex SHA-256 digest of the key.")
                    .asRequired().withRule("64 hex digits; each once"),
            key("metadata", new KeyType.MapOf(KeyType.text(), 0), "Published as request metadata when the key "
                    + "is presented."))
            // Allowed models need the request's model from its body; not in this slice.
            .withNotImplemented("models");

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Admits requests that present a known client "
            + "key (Authorization: Bearer or x-api-key); 401 in the API's error shape otherwise.",
            key("keys", KeyType.listOf(KeyType.object(KEY), 1, ApiKeyAuthConfig.MAX_KEYS), "The client keys "
                    + "allowed in.").asRequired())
            // Reloading a key file on change is not in this slice.
            .withNotImplemented("keys_file");

    private ApiKeyAuthKeys() {
    }
}
