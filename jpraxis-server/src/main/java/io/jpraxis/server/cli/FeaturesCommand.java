package io.jpraxis.server.cli;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code jpraxis features}: list the experimental features and whether each is on. */
@Command(name = "features", mixinStandardHelpOptions = true, description = "List experimental features.")
final class FeaturesCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Override
    public Integer call() {
        FeatureSet enabled;
        try {
            enabled = parent.global.features(System.getenv());
        } catch (IllegalArgumentException e) {
            System.err.println("jpraxis: " + e.getMessage());
            return 2;
        }
        for (Feature f : Feature.values()) {
            System.out.printf("%-28s %-4s %s%n", f.cliName(), enabled.has(f) ? "on" : "off", f.description());
        }
        return 0;
    }
}
