package io.jpraxis.filters.support.secret;

import io.jpraxis.config.dump.ConfigYamlWriter;

/**
 * Where a secret in a filter's config comes from (see
 * docs/reference/filters/credential_injection.md#secrets): written inline under the filter's own key ({@code password}, {@code value}), or named by an environment
 * variable read once at startup. The config keeps only where; the secret itself stays in the
 * filter, so no dump, diagnostic or {@code toString} can print it.
 */
public sealed interface SecretSource permits SecretSource.Inline, SecretSource.EnvVar {

    /** The YAML key of this source. */
    String yamlKey();

    /** What {@code dump} writes under {@link #yamlKey()}. */
    String dumpValue();

    /** The secret written in the config under {@code key}; dumped as {@code [REDACTED]}. */
    record Inline(String key) implements SecretSource {
        @Override
        public String yamlKey() {
            return key;
        }

        @Override
        public String dumpValue() {
            return ConfigYamlWriter.REDACTED;
        }

        @Override
        public String toString() {
            return "Inline[" + key + "=" + ConfigYamlWriter.REDACTED + "]";
        }
    }

    /** {@code env_var}: the environment variable read once at startup; its name is not secret. */
    record EnvVar(String name) implements SecretSource {
        @Override
        public String yamlKey() {
            return SecretReader.ENV_VAR;
        }

        @Override
        public String dumpValue() {
            return name;
        }
    }
}
