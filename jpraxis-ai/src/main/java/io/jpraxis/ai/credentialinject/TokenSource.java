package io.jpraxis.ai.credentialinject;

import io.jpraxis.config.dump.ConfigYamlWriter;

/**
 * Where a {@code credential_inject} entry's token comes from: exactly one of {@code value},
 * {@code env_var} or {@code file}. The config keeps only where; the token itself lives in the
 * filter's {@link InjectedHeader}s, so no config dump or {@code toString} can print it.
 */
public sealed interface TokenSource permits TokenSource.Inline, TokenSource.EnvVar, TokenSource.File {

    /** The YAML key of this source. */
    String yamlKey();

    /** What {@code dump} writes under {@link #yamlKey()}. */
    String dumpValue();

    /** {@code value}: the token written in the config; dumped as {@code [REDACTED]}. */
    record Inline() implements TokenSource {
        @Override
        public String yamlKey() {
            return "value";
        }

        @Override
        public String dumpValue() {
            return ConfigYamlWriter.REDACTED;
        }
    }

    /** {@code env_var}: the environment variable read once at startup. */
    record EnvVar(String name) implements TokenSource {
        @Override
        public String yamlKey() {
            return "env_var";
        }

        @Override
        public String dumpValue() {
            return name;
        }
    }

    /** {@code file}: the file read once at startup. */
    record File(String path) implements TokenSource {
        @Override
        public String yamlKey() {
            return "file";
        }

        @Override
        public String dumpValue() {
            return path;
        }
    }
}
