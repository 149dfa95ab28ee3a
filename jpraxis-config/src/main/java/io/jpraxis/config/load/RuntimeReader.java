package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.LogLevel;
import io.jpraxis.config.model.LoggingConfig;
import io.jpraxis.config.model.OverloadSettings;
import io.jpraxis.config.model.RuntimeConfig;
import io.jpraxis.config.model.SubRequestSettings;
import io.jpraxis.config.read.FilePaths;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.ConfigLimits;
import java.util.Optional;
import java.util.SortedMap;

/**
 * Reads {@code runtime} (see docs/behaviour/config-loading.md#runtime-settings). {@code
 * work_stealing} and {@code global_queue_interval} tune the Tokio scheduler and mean nothing on the
 * JVM: they are type-checked, then ignored, so a Praxis config that sets them still loads.
 */
public final class RuntimeReader {
    /** Praxis's bounds on {@code max_open_files}. */
    static final long MIN_OPEN_FILES = 128;
    static final long MAX_OPEN_FILES = 1L << 30;
    /** Praxis's bound on both idle pools. */
    static final int MAX_POOL_SIZE = SubRequestSettingsReader.MAX_POOL_SIZE;
    /** Praxis's bounds on {@code max_memory_bytes}: 1 MiB to 1 TiB. */
    static final long MIN_MEMORY_BYTES = 1L << 20;
    static final long MAX_MEMORY_BYTES = 1L << 40;

    /** The keys of {@code runtime}. */
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Process-wide tuning.",
            key("threads", KeyType.integer(0, ConfigLimits.MAX_THREADS),
                    "Event-loop threads; 0 picks one per available processor.").withDefault(0),
            key("upstream_keepalive_pool_size", KeyType.integer(0, MAX_POOL_SIZE),
                    "Idle upstream connections kept per endpoint for reuse.")
                    .withDefault(RuntimeConfig.DEFAULT_KEEPALIVE_POOL).nullMeans("pooling off"),
            key("max_connections", KeyType.integer(1, ConfigLimits.MAX_DOWNSTREAM_CONNECTIONS),
                    "Most downstream connections open at once across all listeners; unset: no cap."),
            key("max_open_files", KeyType.integer(MIN_OPEN_FILES, MAX_OPEN_FILES),
                    "Soft open-file limit set at start, clamped to the hard limit; unset: the hard limit."),
            key("subrequest_max_connections", KeyType.integer(1, ConfigLimits.MAX_DOWNSTREAM_CONNECTIONS),
                    "Sub-request exchanges (iterative_request_router, http_callout) in flight at once; beyond it "
                            + "one waits for a slot until its deadline. Unset: no cap."),
            key("subrequest_pool_size", KeyType.integer(0, MAX_POOL_SIZE),
                    "Idle sub-request connections kept per endpoint and event loop (a pool of their own, apart "
                            + "from the proxy's).").withDefault(SubRequestSettings.DEFAULT_POOL_SIZE),
            key("subrequest_circuit_breaker", KeyType.object(SubRequestSettingsReader.BREAKER_KEYS),
                    "A circuit per sub-request endpoint; a refused sub-request fails as the transport error "
                            + "circuit_open. Unset: none."),
            key("max_memory_bytes", KeyType.integer(MIN_MEMORY_BYTES, MAX_MEMORY_BYTES),
                    "Resident memory of the process beyond which new requests get 503 with Retry-After: 1. "
                            + "Unset: no limit."),
            key("shed_on_fd_pressure", KeyType.bool(), "New requests get 503 with Retry-After: 1 once open "
                    + "descriptors near the open-file limit (a reserve of 5%, at least 64, is kept).")
                    .withDefault(true),
            key("upstream_ca_file", KeyType.text(), "PEM bundle verifying clusters whose tls has no ca.ca_path, "
                    + "in place of the JVM's trust store (not added to it). Unset: the JVM's trust store."),
            key("work_stealing", KeyType.bool(), "A Tokio scheduler setting of Praxis; type-checked, then ignored."),
            key("global_queue_interval", KeyType.integer(1, Integer.MAX_VALUE),
                    "A Tokio scheduler setting of Praxis; type-checked, then ignored."),
            key("log_overrides", new KeyType.MapOf(KeyType.choice(LogLevel.class), 0),
                    "Log level per module path (praxis_filter::pipeline: debug), applied at start."),
            key("logging", KeyType.object(LoggingReader.KEYS), "Where log lines go; unset: diagnostics on stderr, "
                    + "access lines on stdout."));

    private RuntimeReader() {
    }

    /** Reads the block; a null or absent node gives {@link RuntimeConfig#DEFAULT}. */
    public static RuntimeConfig read(ConfigNode node, ConfigPath path, Diagnostics d) {
        if (node == null || node instanceof ConfigNode.NullNode) {
            return RuntimeConfig.DEFAULT;
        }
        MapReader r = MapReader.of(node, path, d, KEYS);
        int threads = r.integer("threads").map(Long::intValue).orElse(0);
        Integer pool = keepalivePool(r);
        Integer maxConnections = r.integer("max_connections").map(Long::intValue).orElse(null);
        r.bool("work_stealing");
        r.integer("global_queue_interval");
        SortedMap<String, LogLevel> logOverrides = LogOverridesReader.read(r.node("log_overrides"),
                r.path("log_overrides"), r.diagnostics());
        LoggingConfig logging = LoggingReader.read(r.node("logging").orElse(null), r.path("logging"), r.diagnostics());
        Long maxOpenFiles = r.integer("max_open_files").orElse(null);
        SubRequestSettings subrequests = SubRequestSettingsReader.read(r);
        OverloadSettings overload = new OverloadSettings(r.integer("max_memory_bytes").orElse(null),
                r.bool("shed_on_fd_pressure", true));
        String caFile = r.string("upstream_ca_file").map(file -> FilePaths.readableFile(r, "upstream_ca_file", file))
                .orElse(null);
        r.finish();
        return new RuntimeConfig(threads, pool, maxConnections, logOverrides, logging, maxOpenFiles, subrequests,
                overload, caFile);
    }

    /** Absent: the default; explicit null: pooling off. */
    private static Integer keepalivePool(MapReader r) {
        Optional<ConfigNode> node = r.node("upstream_keepalive_pool_size");
        if (node.isEmpty()) {
            return RuntimeConfig.DEFAULT_KEEPALIVE_POOL;
        }
        if (node.get() instanceof ConfigNode.NullNode) {
            return null;
        }
        KeyType.Int range = (KeyType.Int) KEYS.require("upstream_keepalive_pool_size").type();
        return Scalars.integer(node.get(), r.path("upstream_keepalive_pool_size"), r.diagnostics(), range.min(),
                        range.max()).map(Long::intValue).orElse(RuntimeConfig.DEFAULT_KEEPALIVE_POOL);
    }
}
