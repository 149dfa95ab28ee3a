package io.jpraxis.server.boot;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where the config comes from: {@code -c FILE}, else {@code JPRAXIS_CONFIG}, else
 * {@code ./jpraxis.yaml}, else the embedded default.
 *
 * @param path the file, or null for the embedded default
 */
public record ConfigSource(Path path, String description) {
    public static final String ENV_VARIABLE = "JPRAXIS_CONFIG";
    public static final String LOCAL_FILE = "jpraxis.yaml";
    private static final String EMBEDDED = "/io/jpraxis/server/default-config.yaml";

    /** Resolves the source from the CLI option, the environment and the working directory. */
    public static ConfigSource resolve(Path cliPath, Map<String, String> env, Path workingDirectory) {
        if (cliPath != null) {
            return new ConfigSource(cliPath, cliPath.toString());
        }
        String fromEnv = env.get(ENV_VARIABLE);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return new ConfigSource(Path.of(fromEnv), fromEnv + " (from " + ENV_VARIABLE + ")");
        }
        Path local = workingDirectory.resolve(LOCAL_FILE);
        if (Files.isRegularFile(local)) {
            return new ConfigSource(local, "./" + LOCAL_FILE);
        }
        return new ConfigSource(null, "embedded default config");
    }

    public boolean embedded() {
        return path == null;
    }

    /** The config text; the file's I/O error surfaces as an {@link IOException}. */
    public String read() throws IOException {
        return decode(readBytes());
    }

    /** The config file's bytes (what a revision digests); an I/O error surfaces as an {@link IOException}. */
    public byte[] readBytes() throws IOException {
        if (path != null) {
            return Files.readAllBytes(path);
        }
        return embeddedDefault().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Strict UTF-8: a file with invalid bytes is refused (as {@link Files#readString} refuses it)
     * rather than loaded with replacement characters.
     */
    public static String decode(byte[] bytes) throws CharacterCodingException {
        return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
    }

    /** The embedded default config text. */
    public static String embeddedDefault() {
        try (InputStream in = ConfigSource.class.getResourceAsStream(EMBEDDED)) {
            if (in == null) {
                throw new IllegalStateException("embedded default config missing from the jar: " + EMBEDDED);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
