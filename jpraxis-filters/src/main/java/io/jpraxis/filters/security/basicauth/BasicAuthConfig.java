package io.jpraxis.filters.security.basicauth;

import io.jpraxis.config.model.YamlShaped;
import io.jpraxis.filters.support.secret.SecretSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code basic_auth} filter's config (docs/reference/filters/basic_auth.md): where each
 * user's password comes from, never the password.
 */
public record BasicAuthConfig(String realm, boolean stripAuthorization, List<Credential> credentials) {
    static final String DEFAULT_REALM = "Restricted";
    static final int MAX_USERNAME_BYTES = 256;

    public BasicAuthConfig {
        credentials = List.copyOf(credentials);
        if (credentials.isEmpty()) {
            throw new IllegalArgumentException("basic_auth needs at least one credential");
        }
    }

    /** One user: the name, and where their password came from. */
    public record Credential(String username, SecretSource source) implements YamlShaped {
        @Override
        public Object toYaml() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("username", username);
            out.put(source.yamlKey(), source.dumpValue());
            return out;
        }
    }
}
