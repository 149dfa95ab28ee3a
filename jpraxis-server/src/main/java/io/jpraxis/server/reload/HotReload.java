package io.jpraxis.server.reload;

import io.jpraxis.server.boot.ConfigSource;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.ReloadOnChange;
import io.jpraxis.server.boot.ServingGateway;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;

/**
 * Dynamic reload of a serving gateway (see docs/behaviour/reload.md#how-a-reload-runs): the config
 * file is watched and every change is reloaded through {@link ConfigReloader}. Praxis builds this
 * in by default (its {@code config-reload} cargo feature is on in every standard build and is not
 * experimental), so jpraxis reloads whenever it serves a config file; the embedded default config
 * has no file and is never reloaded.
 */
public final class HotReload implements ReloadOnChange.Watch {
    private final ConfigReloader reloader;
    private final ConfigWatcher watcher;

    private HotReload(ConfigReloader reloader, ConfigWatcher watcher) {
        this.reloader = reloader;
        this.watcher = watcher;
    }

    /**
     * Starts watching {@code source}'s file with the 500 ms debounce (see
     * docs/behaviour/reload.md#how-a-reload-runs).
     *
     * @throws IOException when the platform offers no file watching at all
     * @throws IllegalArgumentException for the embedded default config (there is no file)
     */
    public static HotReload start(ConfigSource source, GatewayBuilder builder, ServingGateway serving)
            throws IOException {
        return start(source, builder, serving, Debouncer.standard(), ConfigWatcher.DEFAULT_POLL_INTERVAL);
    }

    static HotReload start(ConfigSource source, GatewayBuilder builder, ServingGateway serving, Debouncer debouncer,
            Duration pollInterval) throws IOException {
        if (source.embedded()) {
            throw new IllegalArgumentException("the embedded default config has no file to watch");
        }
        ConfigReloader reloader = new ConfigReloader(source, builder, serving, Clock.systemUTC());
        ConfigWatcher watcher = ConfigWatcher.start(source.path(), debouncer, pollInterval, reloader::reload);
        return new HotReload(reloader, watcher);
    }

    /** Reloads now, without waiting for a file event (tests; an operator's signal could use it). */
    public ReloadOutcome reloadNow() {
        return reloader.reload();
    }

    /** Stops watching; a reload in progress gets up to 2 s to finish. */
    @Override
    public void close() {
        watcher.close();
    }
}
