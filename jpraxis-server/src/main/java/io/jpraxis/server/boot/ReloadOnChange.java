package io.jpraxis.server.boot;

import java.io.IOException;

/**
 * Starts reloading a serving gateway whenever its config file changes. {@link GatewayRunner} calls
 * it and the reload package implements it ({@code HotReload::start}), so reloading builds through
 * boot while boot never names reload: the CLI, on top, hands one to the other.
 */
@FunctionalInterface
public interface ReloadOnChange {
    /**
     * Watches {@code source}'s file and reloads {@code serving} with {@code builder} on each change.
     *
     * @throws IOException when the platform offers no file watching at all
     */
    Watch start(ConfigSource source, GatewayBuilder builder, ServingGateway serving) throws IOException;

    /** A running watch. */
    interface Watch extends AutoCloseable {
        /** Stops watching; a reload in progress gets a moment to finish. */
        @Override
        void close();
    }
}
