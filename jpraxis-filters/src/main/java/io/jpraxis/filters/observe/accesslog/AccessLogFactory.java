package io.jpraxis.filters.observe.accesslog;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.tree.ConfigNode.ScalarKind;
import io.jpraxis.config.tree.ConfigNode.ScalarNode;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import java.util.Optional;

/** Builds {@code access_log} filters; the one key, {@code sample_rate}, follows Praxis. */
public final class AccessLogFactory implements FilterFactory<AccessLogConfig> {
    /** The YAML type name. */
    public static final String TYPE = "access_log";
    static final String SAMPLE_RATE_EXPECTATION = "a number greater than 0 and at most 1";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(AccessLogKeys.KEYS);
    }

    @Override
    public Optional<AccessLogConfig> read(MapReader options, FilterReadContext context) {
        Optional<ConfigNode> node = options.present("sample_rate");
        Double rate = node.isPresent() ? sampleRate(node.get()) : Double.valueOf(AccessLogConfig.DEFAULT_SAMPLE_RATE);
        if (rate == null) {
            options.invalid("sample_rate", SAMPLE_RATE_EXPECTATION);
        }
        if (!options.finishCleanly() || rate == null) {
            return Optional.empty();
        }
        return Optional.of(new AccessLogConfig(rate));
    }

    @Override
    public FilterDeclaration declare(AccessLogConfig config) {
        return FilterDeclaration.NONE.withLogHook();
    }

    @Override
    public HttpFilter create(AccessLogConfig config, FilterBuildContext context) {
        return new AccessLogFilter(config);
    }

    /** The rate, or null when the node is not a number in (0, 1]. */
    private static Double sampleRate(ConfigNode node) {
        if (!(node instanceof ScalarNode s) || (s.kind() != ScalarKind.FLOAT && s.kind() != ScalarKind.INT)) {
            return null;
        }
        double value;
        try {
            value = Double.parseDouble(s.text().replace("_", ""));
        } catch (NumberFormatException e) {
            return null; // YAML floats such as .inf or .nan
        }
        return value > 0 && value <= 1 ? value : null;
    }
}
