package io.jpraxis.server.reload;

import io.jpraxis.config.load.ConfigRevision;
import java.util.List;

/** What one reload attempt did; the serving config changed only for {@link Applied}. */
public sealed interface ReloadOutcome {

    /** The file's bytes are those already serving (an unrelated event, or a save without changes). */
    record Unchanged(ConfigRevision serving) implements ReloadOutcome {
    }

    /** The new config serves every request that starts from now on. */
    record Applied(ConfigRevision previous, ConfigRevision current) implements ReloadOutcome {
    }

    /**
     * The new config was refused by load, validation or compilation, exactly as {@code validate}
     * would refuse it; the serving config stays.
     *
     * @param lines every diagnostic, rendered as {@code validate} prints them
     */
    record Invalid(ConfigRevision rejected, List<String> lines) implements ReloadOutcome {
        public Invalid {
            lines = List.copyOf(lines);
        }
    }

    /** The new config is valid but changes what only a restart applies; the serving config stays. */
    record NeedsRestart(ConfigRevision rejected, List<String> reasons) implements ReloadOutcome {
        public NeedsRestart {
            reasons = List.copyOf(reasons);
        }
    }

    /**
     * The file could not be read, or the valid new config could not be switched to (an unusable
     * TLS file, say); the serving config stays.
     */
    record Failed(String reason) implements ReloadOutcome {
    }
}
