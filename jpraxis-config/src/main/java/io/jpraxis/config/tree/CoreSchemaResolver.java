package io.jpraxis.config.tree;

import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Resolves plain scalars by the YAML 1.2 core schema rather than SnakeYAML's YAML 1.1 default:
 * only {@code true}/{@code false} are booleans ({@code yes}, {@code on} stay strings), integers
 * are decimal, {@code 0o} octal or {@code 0x} hex, and dates stay strings. This matches the
 * reading of the Rust parser Praxis uses, so a config means the same thing in both gateways.
 */
final class CoreSchemaResolver extends Resolver {
    static final Pattern CORE_BOOL = Pattern.compile("^(?:true|True|TRUE|false|False|FALSE)$");
    static final Pattern CORE_INT = Pattern.compile("^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$");
    static final Pattern CORE_FLOAT = Pattern.compile(
            "^(?:[-+]?(?:\\.[0-9]+|[0-9]+(?:\\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
    static final Pattern CORE_NULL = Pattern.compile("^(?:~|null|Null|NULL)$");
    static final Pattern CORE_EMPTY = Pattern.compile("^$");

    @Override
    protected void addImplicitResolvers() {
        // Order matters: an integer also matches the float pattern, so INT is registered first.
        addImplicitResolver(Tag.BOOL, CORE_BOOL, "tfTF");
        addImplicitResolver(Tag.INT, CORE_INT, "-+0123456789");
        addImplicitResolver(Tag.FLOAT, CORE_FLOAT, "-+0123456789.");
        addImplicitResolver(Tag.NULL, CORE_NULL, "~nN\0");
        addImplicitResolver(Tag.NULL, CORE_EMPTY, null);
    }
}
