package io.jpraxis.server.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Set;

/**
 * Recognizes the plain serving invocations ({@code [serve] [-c|--config FILE] [--features LIST]
 * [--log-level LEVEL]}, in any order, each at most once, values separate or after {@code =}) so
 * that they start without picocli.
 *
 * <p>Why: picocli's classes are Java 5 bytecode, which the JDK's ahead-of-time cache does not
 * archive, so loading and verifying them costs about 150 ms of every cold start (measured here:
 * a one-option picocli command takes 140 ms to build in a fresh JVM). Only the common shapes are
 * taken here; anything else (help, version, another command, a repeated or attached option, a
 * value that looks like an option, an unknown word) is left to picocli, which owns every message
 * of the CLI. {@code ServeInvocationTest} holds the two parsers to the same result.
 */
final class ServeInvocation {
    /** picocli takes these as commands even where an option's value is due, and refuses the line. */
    static final Set<String> SUBCOMMANDS = Set.of("serve", "validate", "dump", "explain", "features", "extproc",
            "schema");

    private ServeInvocation() {
    }

    /** The options of a plain serving invocation, or null when picocli should parse {@code args}. */
    static GlobalOptions parse(String... args) {
        GlobalOptions options = new GlobalOptions();
        boolean serveSeen = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("serve")) {
                if (serveSeen) {
                    return null;
                }
                serveSeen = true;
                continue;
            }
            int eq = arg.indexOf('=');
            boolean attached = eq > 0 && arg.startsWith("--"); // --name=value; a short option's is left to picocli
            String name = attached ? arg.substring(0, eq) : arg;
            String value;
            if (attached) {
                value = arg.substring(eq + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                return null;
            }
            if (value.isEmpty() || value.startsWith("-") || SUBCOMMANDS.contains(value) || !set(options, name, value)) {
                return null;
            }
        }
        return options;
    }

    /** Sets one option; false for an unknown name, a repeat or a value picocli would refuse. */
    private static boolean set(GlobalOptions options, String name, String value) {
        switch (name) {
            case "-c", "--config" -> {
                if (options.config != null) {
                    return false;
                }
                try {
                    options.config = Path.of(value);
                } catch (InvalidPathException e) {
                    return false;
                }
            }
            case "--features" -> {
                if (options.features != null) {
                    return false;
                }
                options.features = value;
            }
            case "--log-level" -> {
                if (options.logLevel != null) {
                    return false;
                }
                options.logLevel = value;
            }
            default -> {
                return false;
            }
        }
        return true;
    }
}
