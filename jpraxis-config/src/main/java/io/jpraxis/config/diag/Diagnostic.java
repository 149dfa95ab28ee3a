package io.jpraxis.config.diag;

/**
 * One finding about a config: where it is (path, line, pipeline scope) and what is wrong.
 * Errors refuse the config; warnings are logged at startup and printed by {@code validate}.
 */
public sealed interface Diagnostic permits Diagnostic.Error, Diagnostic.Warning {

    ConfigPath path();

    /** 1-based YAML line, or 0 when the finding has no single line (a whole-pipeline rule). */
    int line();

    /** {@code value (expected: constraint)} or a sentence; never includes the path. */
    String message();

    /** Pipeline location, or null outside filter entries. */
    FilterScope scope();

    /** The one-line text printed by {@code validate}: {@code line 12: path: message [scope]}. */
    default String render() {
        StringBuilder sb = new StringBuilder();
        if (line() > 0) {
            sb.append("line ").append(line()).append(": ");
        }
        sb.append(path()).append(": ").append(message());
        if (scope() != null && !scope().render().isEmpty()) {
            sb.append(" [").append(scope().render()).append(']');
        }
        return sb.toString();
    }

    /** A problem that refuses the config. */
    record Error(ConfigPath path, int line, String message, FilterScope scope) implements Diagnostic {
    }

    /** A problem worth telling but not refusing. */
    record Warning(ConfigPath path, int line, String message, FilterScope scope) implements Diagnostic {
    }
}
