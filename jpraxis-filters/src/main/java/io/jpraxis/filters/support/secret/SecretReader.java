package io.jpraxis.filters.support.secret;

import io.jpraxis.config.dump.ConfigYamlWriter;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads a secret that a config entry gives as exactly one of an inline key or {@code env_var}
 * (see docs/reference/filters/credential_injection.md#secrets), once, at load. Diagnostics name
 * the key and the variable, never the secret: a wrongly typed inline value is reported by its type, not echoed. The same idea as
 * jpraxis-ai's {@code credential_inject} token loader, here so core filters need not depend on the
 * AI module.
 */
public final class SecretReader {
    /** The key naming an environment variable. */
    public static final String ENV_VAR = "env_var";
    /** What a diagnostic shows in place of a secret. */
    public static final String REDACTED = ConfigYamlWriter.REDACTED;

    private final Function<String, String> environment;

    /** Reads variables through {@code environment} ({@code System::getenv} in production). */
    public SecretReader(Function<String, String> environment) {
        this.environment = environment;
    }

    /** A secret as read: where it came from, and the secret itself. */
    public record Resolved(SecretSource source, String secret) {
        @Override
        public String toString() {
            return "Resolved[source=" + source + ", secret=" + REDACTED + "]";
        }
    }

    /**
     * The secret under {@code inlineKey} or {@code env_var} of {@code r}; reports "neither" and
     * "both" with the names of both keys.
     *
     * @return empty after reporting why there is none
     */
    public Optional<Resolved> read(MapReader r, String inlineKey) {
        boolean inline = r.has(inlineKey);
        boolean env = r.has(ENV_VAR);
        String expected = "exactly one of " + inlineKey + ", " + ENV_VAR;
        if (inline && env) {
            r.error(ENV_VAR, "set together with " + inlineKey + " (expected: " + expected + ")");
            r.skip(inlineKey, ENV_VAR);
            return Optional.empty();
        }
        if (!inline && !env) {
            r.diagnostics().error(r.path(), r.line(), "no " + inlineKey + " and no " + ENV_VAR + " (expected: "
                    + expected + ")");
            return Optional.empty();
        }
        return inline ? inline(r, inlineKey) : env(r);
    }

    private static Optional<Resolved> inline(MapReader r, String key) {
        ConfigNode node = r.node(key).orElseThrow();
        if (node instanceof ConfigNode.ScalarNode s && s.kind() == ConfigNode.ScalarKind.STRING) {
            return Optional.of(new Resolved(new SecretSource.Inline(key), s.text()));
        }
        r.diagnostics().invalid(r.path(key), r.line(key), REDACTED, "a string; found " + node.typeName());
        return Optional.empty();
    }

    private Optional<Resolved> env(MapReader r) {
        Optional<String> name = Scalars.string(r.node(ENV_VAR).orElseThrow(), r.path(ENV_VAR), r.diagnostics());
        if (name.isEmpty()) {
            return Optional.empty();
        }
        if (name.get().isBlank()) {
            r.invalid(ENV_VAR, "the name of an environment variable");
            return Optional.empty();
        }
        String value = environment.apply(name.get());
        if (value == null) {
            r.invalid(ENV_VAR, "an environment variable set at startup");
            return Optional.empty();
        }
        return Optional.of(new Resolved(new SecretSource.EnvVar(name.get()), value));
    }
}
