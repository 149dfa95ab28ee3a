package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.AdminConfig;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.FilterChainConfig;
import io.jpraxis.config.model.GatewayConfig;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.model.ListenerConfig;
import io.jpraxis.config.model.MetricsConfig;
import io.jpraxis.config.model.RuntimeConfig;
import io.jpraxis.config.model.TelemetryConfig;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.tree.YamlTreeParser;
import io.jpraxis.config.validate.BranchChecks;
import io.jpraxis.config.validate.ConfigLimits;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Phase 1 ("Load"): YAML text to an immutable {@link GatewayConfig}, strictly. Every problem in
 * the file is reported, each with its path and line; the config is returned only when there is
 * no error. Filter entries' own keys are left untyped for their factories.
 */
public final class ConfigLoader {
    /** The top-level keys of a gateway config, in the order they are read. */
    /** The longest drain a stop may wait for, as in Praxis: an hour. */
    static final int MAX_SHUTDOWN_TIMEOUT_SECS = 3_600;

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("A jpraxis gateway config.",
            key("insecure_options", KeyType.object(InsecureOptionsReader.KEYS), "Development escape hatches."),
            key("body_limits", KeyType.object(BodyLimitsReader.KEYS), "Body size ceilings."),
            key("admin", KeyType.object(AdminReader.KEYS), "The admin server; unset: none."),
            key("runtime", KeyType.object(RuntimeReader.KEYS), "Process-wide tuning."),
            key("metrics", KeyType.object(MetricsReader.KEYS), "Prometheus metric settings: filter timings, "
                    + "label dimensions, route templates."),
            key("clusters", KeyType.listOf(KeyType.object(ClusterReader.KEYS), 0, ConfigLimits.MAX_CLUSTERS),
                    "Clusters the filters send traffic to."),
            key("filter_chains", KeyType.listOf(KeyType.object(FilterChainReader.KEYS), 0, ConfigLimits.MAX_CHAINS),
                    "Named filter chains."),
            key("listeners", KeyType.listOf(KeyType.object(ListenerReader.KEYS), 1, ListenerReader.MAX_LISTENERS),
                    "Sockets the gateway serves; at least one.").asRequired(),
            key("shutdown_timeout_secs", KeyType.integer(0, MAX_SHUTDOWN_TIMEOUT_SECS), "How long a stopping gateway lets "
                    + "requests in flight finish, in seconds.").withDefault(GatewayConfig.DEFAULT_SHUTDOWN_TIMEOUT_SECS),
            key("telemetry", KeyType.object(TelemetryReader.KEYS), "OpenTelemetry trace export over OTLP; "
                    + "unset: no tracing."));

    private final YamlTreeParser parser = new YamlTreeParser();

    /** Loads a config from text. */
    public LoadResult load(String yamlText, FeatureSet features) {
        Diagnostics diagnostics = new Diagnostics();
        ConfigNode root = parser.parse(yamlText, diagnostics);
        if (root == null) {
            return new LoadResult(null, diagnostics);
        }
        GatewayConfig config = read(root, diagnostics, features);
        return new LoadResult(diagnostics.hasErrors() ? null : config, diagnostics, config);
    }

    /** Loads a config file; an unreadable file is a diagnostic, not an exception. */
    public LoadResult loadFile(Path file, FeatureSet features) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            return failed("cannot read config file " + file + ": not UTF-8 text");
        } catch (IOException | SecurityException e) {
            return failed("cannot read config file " + file + ": " + describe(e));
        }
        return load(text, features);
    }

    /**
     * Reads a parsed document. {@code insecure_options} is read first because the checks of other
     * sections (private endpoints, unbounded bodies, public admin) depend on it.
     */
    public static GatewayConfig read(ConfigNode root, Diagnostics d, FeatureSet features) {
        MapReader r = MapReader.of(root, ConfigPath.root(), d, KEYS);
        if (!(root instanceof ConfigNode.MapNode)) {
            return new GatewayConfig(List.of(), List.of(), List.of(), BodyLimits.DEFAULT, AdminConfig.DISABLED,
                    RuntimeConfig.DEFAULT, InsecureOptions.NONE, GatewayConfig.DEFAULT_SHUTDOWN_TIMEOUT_SECS);
        }
        InsecureOptions insecure = InsecureOptionsReader.read(r.node("insecure_options").orElse(null),
                r.path("insecure_options"), d);
        BodyLimits bodyLimits = BodyLimitsReader.read(r.node("body_limits").orElse(null), r.path("body_limits"), d,
                insecure);
        AdminConfig admin = AdminReader.read(r.node("admin").orElse(null), r.path("admin"), d, insecure);
        RuntimeConfig runtime = RuntimeReader.read(r.node("runtime").orElse(null), r.path("runtime"), d);
        MetricsConfig metrics = MetricsReader.read(r.node("metrics").orElse(null), r.path("metrics"), d);
        TelemetryConfig telemetry = TelemetryReader.read(r.node("telemetry").orElse(null), r.path("telemetry"), d);
        List<ClusterConfig> clusters = r.present("clusters")
                .map(n -> ClusterReader.readList(n, r.path("clusters"), d, insecure, features)).orElse(List.of());
        ConfigNode chainsNode = r.present("filter_chains").orElse(null);
        List<FilterChainConfig> chains = chainsNode == null ? List.of()
                : FilterChainReader.read(chainsNode, r.path("filter_chains"), d, features);
        List<ListenerConfig> listeners = r.require("listeners")
                ? ListenerReader.readList(r.node("listeners").orElseThrow(), r.path("listeners"), d,
                        FilterChainReader.declaredNames(chainsNode))
                : List.of();
        BranchChecks.check(chains, listeners, r.path("filter_chains"), d);
        int shutdown = r.integer("shutdown_timeout_secs").map(Long::intValue)
                .orElse(GatewayConfig.DEFAULT_SHUTDOWN_TIMEOUT_SECS);
        r.finish();
        return new GatewayConfig(listeners, chains, clusters, bodyLimits, admin, runtime, insecure, shutdown, metrics,
                telemetry);
    }

    private static LoadResult failed(String message) {
        Diagnostics d = new Diagnostics();
        d.error(ConfigPath.root(), 0, message);
        return new LoadResult(null, d);
    }

    private static String describe(Exception e) {
        String kind = e.getClass().getSimpleName().replace("Exception", "");
        return e.getMessage() == null ? kind : kind + " (" + e.getMessage() + ")";
    }
}
