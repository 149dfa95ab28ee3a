package io.jpraxis.config.dump;

import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.GatewayConfig;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Renders a {@link GatewayConfig} as YAML in Praxis's shape for {@code jpraxis dump}: snake_case
 * keys, defaults written out, enums in lower case, addresses as {@code host:port}, a stable order.
 *
 * <p>A filter entry's own config is what {@code effectiveConfig} returns for it: a record (its
 * components become snake_case keys, null ones are left out), a map, or a {@link
 * io.jpraxis.config.tree.ConfigNode}; null means "write the raw options". Values under any key in
 * {@code redactedKeys}, at any depth of a filter's config or its branch chains, are written as
 * {@code [REDACTED]}, and so are the values a filter sets on credential headers
 * ({@code Authorization}, {@code x-api-key}, cookies); the no-argument writer redacts nothing.
 */
public final class ConfigYamlWriter {
    /** Writes each entry's options as they were written. */
    public static final Function<FilterEntryConfig, Object> RAW_OPTIONS = FilterEntryConfig::options;
    /** What Praxis writes in place of a redacted value. */
    public static final String REDACTED = PlainValues.REDACTED;

    private final Function<FilterEntryConfig, Object> effectiveConfig;
    private final UnaryOperator<Object> redaction;
    private final DumpJackson jackson = new DumpJackson();

    /** A writer of raw options with nothing redacted (what a load/dump round trip compares). */
    public ConfigYamlWriter() {
        this.effectiveConfig = RAW_OPTIONS;
        this.redaction = UnaryOperator.identity();
    }

    /** A redacting writer: {@code redactedKeys} and credential header values are hidden. */
    public ConfigYamlWriter(Function<FilterEntryConfig, Object> effectiveConfig, Set<String> redactedKeys) {
        this.effectiveConfig = effectiveConfig;
        Set<String> keys = Set.copyOf(redactedKeys);
        this.redaction = value -> PlainValues.redact(value, keys);
    }

    /** The YAML document. */
    public String write(GatewayConfig config) {
        Function<FilterEntryConfig, Object> options = entry -> {
            Object effective = effectiveConfig.apply(entry);
            return jackson.plain(effective != null ? effective : entry.options());
        };
        return jackson.yaml(new DumpTree(new FilterDumpTree(options, redaction)).gateway(config));
    }
}
