package io.jpraxis.extproc.config;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.FilterChainReader;
import io.jpraxis.config.load.HostPortParser;
import io.jpraxis.config.load.InsecureOptionsReader;
import io.jpraxis.config.model.AdminConfig;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.FilterChainConfig;
import io.jpraxis.config.model.GatewayConfig;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.model.ListenerConfig;
import io.jpraxis.config.model.RuntimeConfig;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.read.FilePaths;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.BranchChecks;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Phase 1 for {@code jpraxis extproc}: the top level of an ext_proc config ({@code server}, {@code
 * filter_chains}, {@code insecure_options}; see docs/behaviour/ext-proc.md#the-service), read with
 * the gateway's own readers so chains, branches and conditions load exactly as they do for {@code
 * serve}. Unknown keys are refused and every problem is reported.
 */
public final class ExtProcConfigReader {
    /** The synthetic listener the chains are compiled under (it never binds a socket). */
    public static final String LISTENER = "extproc";

    private ExtProcConfigReader() {
    }

    /** Reads a parsed document; never null, even with errors (the caller checks {@code d}). */
    public static ExtProcConfig read(ConfigNode root, Diagnostics d, FeatureSet features) {
        MapReader r = MapReader.of(root, ConfigPath.root(), d);
        InsecureOptions insecure = InsecureOptionsReader.read(r.node("insecure_options").orElse(null),
                r.path("insecure_options"), d);
        ExtProcServerConfig server = r.present("server").map(n -> server(n, r.path("server"), d))
                .orElse(ExtProcServerConfig.DEFAULT);
        List<FilterChainConfig> chains = List.of();
        if (r.require("filter_chains")) {
            chains = r.present("filter_chains")
                    .map(n -> FilterChainReader.read(n, r.path("filter_chains"), d, features)).orElse(List.of());
            if (chains.isEmpty() && !d.hasErrors()) {
                r.invalid("filter_chains", "at least one filter chain");
            }
        }
        // The chains are concatenated in order into one pipeline (see
        // docs/behaviour/ext-proc.md#the-service).
        ListenerConfig listener = new ListenerConfig(LISTENER, new HostPort("0.0.0.0", 0),
                ListenerConfig.ListenerProtocol.HTTP, chains.stream().map(FilterChainConfig::name).distinct().toList(),
                null, null, null, null, SourceRef.synthetic("filter_chains"));
        BranchChecks.check(chains, List.of(listener), r.path("filter_chains"), d);
        r.finish();
        GatewayConfig gateway = new GatewayConfig(List.of(listener), chains, List.of(), BodyLimits.DEFAULT,
                AdminConfig.DISABLED, RuntimeConfig.DEFAULT, insecure, GatewayConfig.DEFAULT_SHUTDOWN_TIMEOUT_SECS);
        return new ExtProcConfig(server, gateway);
    }

    private static ExtProcServerConfig server(ConfigNode node, ConfigPath path, Diagnostics d) {
        MapReader r = MapReader.of(node, path, d);
        HostPort grpc = address(r, "grpc_address", ExtProcServerConfig.DEFAULT_GRPC);
        HostPort health = address(r, "health_address", ExtProcServerConfig.DEFAULT_HEALTH);
        HostPort metrics = address(r, "metrics_address", ExtProcServerConfig.DEFAULT_METRICS);
        boolean picker = r.bool("picker_mode", false);
        ExtProcTls tls = r.present("tls").map(n -> tls(n, r.path("tls"), d)).orElse(new ExtProcTls.None());
        r.finish();
        return new ExtProcServerConfig(grpc, health, metrics, picker, tls);
    }

    private static HostPort address(MapReader r, String key, HostPort fallback) {
        Optional<ConfigNode> node = r.present(key);
        if (node.isEmpty()) {
            return fallback;
        }
        return HostPortParser.readBindAddress(node.get(), r.path(key), r.diagnostics()).orElse(fallback);
    }

    private static ExtProcTls tls(ConfigNode node, ConfigPath path, Diagnostics d) {
        MapReader r = MapReader.of(node, path, d);
        ExtProcTls.Mode mode = r.enumValue("mode", ExtProcTls.Mode.class).orElse(ExtProcTls.Mode.NONE);
        Optional<String> cert = r.string("cert_path");
        Optional<String> key = r.string("key_path");
        ExtProcTls tls = switch (mode) {
            case NONE, SELF_SIGNED -> {
                cert.ifPresent(c -> r.invalid("cert_path", "no cert_path unless mode is provided"));
                key.ifPresent(k -> r.invalid("key_path", "no key_path unless mode is provided"));
                yield mode == ExtProcTls.Mode.NONE ? new ExtProcTls.None() : new ExtProcTls.SelfSigned();
            }
            case PROVIDED -> {
                boolean both = r.require("cert_path") & r.require("key_path");
                // Read at start only: a typo or a missing mount must fail the load (and -t), naming the key.
                // Both keys are checked, so -t lists each unusable file.
                String certFile = both ? cert.map(c -> FilePaths.readableFile(r, "cert_path", c)).orElse(null) : null;
                String keyFile = both ? key.map(k -> FilePaths.readableFile(r, "key_path", k)).orElse(null) : null;
                boolean readable = certFile != null && keyFile != null;
                yield readable ? new ExtProcTls.Provided(Path.of(certFile), Path.of(keyFile)) : new ExtProcTls.None();
            }
        };
        r.finish();
        return tls;
    }
}
