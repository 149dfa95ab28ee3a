package io.jpraxis.ai.apikeyauth;

import io.jpraxis.config.model.YamlShaped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code api_key_auth} filter's config (docs/reference/filters/api_key_auth.md): each client
 * key's name, digest and metadata. Only digests are configured, so neither the config nor a dump
 * can hold a client key.
 */
public record ApiKeyAuthConfig(List<ClientKey> keys) {
    static final int MAX_KEYS = 100_000;
    static final int MAX_NAME_CHARS = 256;

    public ApiKeyAuthConfig {
        keys = List.copyOf(keys);
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("api_key_auth needs at least one key");
        }
    }

    /** One client key: its name, the lowercase hex SHA-256 digest of the key, and its metadata. */
    public record ClientKey(String name, String sha256, Map<String, String> metadata) implements YamlShaped {
        public ClientKey {
            metadata = Map.copyOf(metadata);
        }

        @Override
        public Object toYaml() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("name", name);
            out.put("sha256", sha256);
            if (!metadata.isEmpty()) {
                out.put("metadata", new java.util.TreeMap<>(metadata));
            }
            return out;
        }
    }
}
