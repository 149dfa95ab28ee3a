package io.jpraxis.server.cli;

import picocli.CommandLine.IVersionProvider;

/** Reports the version from the jar manifest (or "development" when run from classes). */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String version = Main.class.getPackage().getImplementationVersion();
        return new String[] {"jpraxis " + (version == null ? "0.1.0-SNAPSHOT" : version),
            "Java " + Runtime.version()};
    }
}
