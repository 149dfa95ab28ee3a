package io.jpraxis.ai.credentialinject;

import io.jpraxis.config.dump.ConfigYamlWriter;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads a credential's token once, at construction (see
 * docs/reference/filters/credential_inject.md#what-it-does): inline, from an environment variable
 * that must be set, or from a file of at most 16 KiB (whitespace-trimmed, not empty). A token is
 * 1..16,384 bytes. Diagnostics name the source, never the token.
 */
final class TokenLoader {
    /** Longest token, in bytes. */
    static final int MAX_TOKEN_BYTES = 16 * 1024;
    /** Longest {@code env_var} name or {@code file} path. */
    static final int MAX_SOURCE_CHARS = 4096;
    /** What a diagnostic shows in place of a token. */
    static final String REDACTED = ConfigYamlWriter.REDACTED;

    private final Function<String, String> environment;

    TokenLoader(Function<String, String> environment) {
        this.environment = environment;
    }

    /** The source under {@code key}, its locator checked; a wrongly typed {@code value} is not echoed. */
    static Optional<TokenSource> sourceOf(String key, MapReader r) {
        ConfigNode node = r.node(key).orElseThrow();
        if (key.equals("value")) {
            if (node instanceof ConfigNode.ScalarNode s && s.kind() == ConfigNode.ScalarKind.STRING) {
                return Optional.of(new TokenSource.Inline());
            }
            r.diagnostics().invalid(r.path("value"), r.line("value"), REDACTED, "a string (the token); found "
                    + node.typeName());
            return Optional.empty();
        }
        Optional<String> text = Scalars.string(node, r.path(key), r.diagnostics());
        if (text.isEmpty()) {
            return Optional.empty();
        }
        if (text.get().isEmpty() || text.get().length() > MAX_SOURCE_CHARS) {
            r.invalid(key, "1.." + MAX_SOURCE_CHARS + " characters");
            return Optional.empty();
        }
        return Optional.of(key.equals("env_var") ? new TokenSource.EnvVar(text.get())
                : new TokenSource.File(text.get()));
    }

    /** The token of {@code source}, or empty after reporting why there is none. */
    Optional<String> load(TokenSource source, MapReader r) {
        Optional<String> token = switch (source) {
            case TokenSource.Inline inline -> inline(r);
            case TokenSource.EnvVar env -> env(env, r);
            case TokenSource.File file -> file(file, r);
        };
        return token.filter(t -> sized(t, source, r));
    }

    private static Optional<String> inline(MapReader r) {
        return r.node("value").map(n -> ((ConfigNode.ScalarNode) n).text());
    }

    private Optional<String> env(TokenSource.EnvVar env, MapReader r) {
        String value = environment.apply(env.name());
        if (value == null) {
            r.invalid("env_var", "an environment variable set at startup");
        }
        return Optional.ofNullable(value);
    }

    private static Optional<String> file(TokenSource.File file, MapReader r) {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(Path.of(file.path()))) {
            bytes = in.readNBytes(MAX_TOKEN_BYTES + 1); // one more than allowed tells an oversized file
        } catch (IOException | InvalidPathException e) {
            r.invalid("file", "a readable file (" + e.getClass().getSimpleName() + ")");
            return Optional.empty();
        }
        if (bytes.length > MAX_TOKEN_BYTES) {
            r.invalid("file", "a file of at most " + MAX_TOKEN_BYTES + " bytes");
            return Optional.empty();
        }
        String token = new String(bytes, StandardCharsets.UTF_8).strip();
        if (token.isEmpty()) {
            r.invalid("file", "a file holding a token (it is empty or only whitespace)");
            return Optional.empty();
        }
        return Optional.of(token);
    }

    private static boolean sized(String token, TokenSource source, MapReader r) {
        int bytes = token.getBytes(StandardCharsets.UTF_8).length;
        if (bytes >= 1 && bytes <= MAX_TOKEN_BYTES) {
            return true;
        }
        r.diagnostics().invalid(r.path(source.yamlKey()), r.line(source.yamlKey()), REDACTED,
                "a token of 1.." + MAX_TOKEN_BYTES + " bytes (it has " + bytes + ")");
        return false;
    }
}
