package io.jpraxis.config.load;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which jpraxis loggers a {@code runtime.log_overrides} module path names (see
 * docs/behaviour/log-overrides.md#module-paths). Praxis writes Rust module paths of its own crates;
 * jpraxis maps each crate, and the submodules that have a counterpart, to the Java packages doing
 * the same work, and takes {@code jpraxis::a::b} as the package {@code io.jpraxis.a.b}.
 */
public final class LogModules {
    private static final Pattern SEGMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final String JPRAXIS = "jpraxis";

    /** Praxis module paths and their jpraxis logger names; a path's own entry beats its crate's. */
    private static final Map<String, List<String>> PRAXIS = Map.ofEntries(
            Map.entry("praxis", List.of("io.jpraxis.server")),
            Map.entry("praxis_core", List.of("io.jpraxis.config", "io.jpraxis.core")),
            Map.entry("praxis_core::config", List.of("io.jpraxis.config")),
            Map.entry("praxis_filter", List.of("io.jpraxis.filters", "io.jpraxis.ai", "io.jpraxis.core.pipeline")),
            Map.entry("praxis_filter::pipeline", List.of("io.jpraxis.core.pipeline")),
            Map.entry("praxis_protocol", List.of("io.jpraxis.http", "io.jpraxis.extproc")),
            Map.entry("praxis_protocol::http", List.of("io.jpraxis.http")),
            Map.entry("praxis_tls", List.of("io.jpraxis.http.server.tls", "io.jpraxis.config.tls")),
            Map.entry("pingora", List.of("io.netty")),
            Map.entry("pingora_core", List.of("io.netty")),
            Map.entry("pingora_proxy", List.of("io.netty")));

    /** What a module path maps to, and whether the mapping is exact or only its crate's. */
    public record Mapping(List<String> loggers, boolean exact) {
    }

    private LogModules() {
    }

    /** Whether {@code module} is {@code ::}-separated segments of letters, digits and {@code _}, none starting with a digit. */
    public static boolean wellFormed(String module) {
        if (module.isEmpty() || module.startsWith("::") || module.endsWith("::")) {
            return false;
        }
        for (String segment : module.split("::", -1)) {
            if (!SEGMENT.matcher(segment).matches()) {
                return false;
            }
        }
        return true;
    }

    /** The loggers a well-formed {@code module} names, or empty when jpraxis has no counterpart. */
    public static Optional<Mapping> loggers(String module) {
        String[] segments = module.split("::");
        if (segments[0].equals(JPRAXIS)) {
            StringBuilder name = new StringBuilder("io.jpraxis");
            for (int i = 1; i < segments.length; i++) {
                name.append('.').append(segments[i]);
            }
            return Optional.of(new Mapping(List.of(name.toString()), true));
        }
        List<String> own = PRAXIS.get(module);
        if (own != null) {
            return Optional.of(new Mapping(own, true));
        }
        List<String> crate = PRAXIS.get(segments[0]);
        return crate == null ? Optional.empty() : Optional.of(new Mapping(crate, false));
    }
}
