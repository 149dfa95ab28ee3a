package io.jpraxis.server.cli;

import io.jpraxis.config.feature.FeatureSet;
import java.nio.file.Path;
import java.util.Map;

/**
 * Options accepted before or after the subcommand ({@code --features}, {@code -c},
 * {@code --log-level}). One instance per invocation, shared by every command object.
 */
public final class GlobalOptions {
    Path config;
    String features;
    String logLevel;

    /** CLI features, else {@code JPRAXIS_FEATURES}; throws IllegalArgumentException naming unknown ones. */
    public FeatureSet features(Map<String, String> env) {
        FeatureSet fromEnv = FeatureSet.parse(env.get("JPRAXIS_FEATURES"));
        return features == null ? fromEnv : fromEnv.plus(FeatureSet.parse(features));
    }

    public Path config() {
        return config;
    }

    public String logLevel() {
        return logLevel;
    }
}
