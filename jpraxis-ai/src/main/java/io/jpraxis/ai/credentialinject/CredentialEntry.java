package io.jpraxis.ai.credentialinject;

import io.jpraxis.ai.candidate.CredentialStrategy;
import io.jpraxis.ai.candidate.SecretRef;
import io.jpraxis.config.model.YamlShaped;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One configured credential: the locator a candidate's credential reference names, how the
 * token is presented, and where it came from (never the token itself).
 *
 * @param header the header an {@code apikey} key goes in, as written; null with {@code bearer_token}
 */
public record CredentialEntry(SecretRef ref, CredentialStrategy strategy, String header, TokenSource source)
        implements YamlShaped {

    @Override
    public Object toYaml() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", ref.name());
        out.put("namespace", ref.namespace());
        out.put("key", ref.key());
        out.put("strategy", strategy.wire());
        if (header != null) {
            out.put("header", header);
        }
        out.put(source.yamlKey(), source.dumpValue());
        return out;
    }
}
