package io.jpraxis.filters.security.credentialinjection;

import io.jpraxis.config.model.YamlShaped;
import io.jpraxis.filters.support.secret.SecretSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code credential_injection} filter's config (docs/reference/filters/credential_injection.md):
 * where each cluster's credential comes from, never the credential.
 */
public record CredentialInjectionConfig(List<Cluster> clusters) {

    public CredentialInjectionConfig {
        clusters = List.copyOf(clusters);
        if (clusters.isEmpty()) {
            throw new IllegalArgumentException("credential_injection needs at least one cluster");
        }
    }

    /**
     * One cluster's rule.
     *
     * @param header the header name, lower case
     * @param headerPrefix written before the credential; null when absent
     */
    public record Cluster(String name, String header, SecretSource source, String headerPrefix,
            boolean stripClientCredential) implements YamlShaped {
        @Override
        public Object toYaml() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("name", name);
            out.put("header", header);
            out.put(source.yamlKey(), source.dumpValue());
            if (headerPrefix != null) {
                out.put("header_prefix", headerPrefix);
            }
            out.put("strip_client_credential", stripClientCredential);
            return out;
        }
    }
}
