package io.jpraxis.server.cli;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigRevision;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.store.SharedStores;
import io.jpraxis.server.boot.ConfigDump;
import io.jpraxis.server.boot.ConfigSource;
import io.jpraxis.server.boot.DiagnosticLines;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.GatewayRunner;
import io.jpraxis.server.boot.Logging;
import io.jpraxis.server.explain.ExplainDot;
import io.jpraxis.server.explain.ExplainText;
import io.jpraxis.server.reload.HotReload;
import io.jpraxis.store.LettuceStores;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/** What each subcommand does, shared by the subcommands and the root's short flags. */
final class Commands {
    private final GlobalOptions global;
    private final Map<String, String> env;
    private final PrintStream out;
    private final PrintStream err;

    Commands(GlobalOptions global) {
        this(global, System.getenv(), System.out, System.err);
    }

    Commands(GlobalOptions global, Map<String, String> env, PrintStream out, PrintStream err) {
        this.global = global;
        this.env = env;
        this.out = out;
        this.err = err;
    }

    /** Reads and checks without creating filters: the same diagnostics as serve, nothing started. */
    int validate() {
        Prepared p = prepare();
        if (p == null) {
            return 2;
        }
        if (!report(p.builder.check(p.source), p.source)) {
            return 1;
        }
        out.println(p.source.description() + ": configuration is valid");
        return 0;
    }

    int dump() {
        return withBuilt((source, builder, result) -> {
            out.print(ConfigDump.render(result.gateway(), builder.registry()));
            result.gateway().close();
            return 0;
        });
    }

    /**
     * Prints what the ordering checks saw. They need every filter built, so a config with other
     * errors gets only its diagnostics; one refused by the checks alone is explained, and exits 1.
     */
    int explain(boolean dot) {
        Prepared p = prepare();
        if (p == null) {
            return 2;
        }
        CompileResult result = p.builder.build(p.source);
        DiagnosticLines.of(result.diagnostics()).forEach(err::println);
        if (!result.reports().isEmpty()) {
            out.print(dot ? ExplainDot.render(result.reports()) : ExplainText.render(result.reports()));
        }
        if (result.ok()) {
            result.gateway().close();
            return 0;
        }
        err.println(DiagnosticLines.summary(p.source.description(), result.diagnostics()));
        return 1;
    }

    /** Serves; only here do filters reach their shared stores (validate, dump and explain never connect). */
    int serve() {
        try (LettuceStores stores = new LettuceStores()) {
            return withBuilt(stores, (source, builder, result) ->
                    new GatewayRunner(result.gateway(), result.revision(), source, builder, HotReload::start)
                            .runUntilStopped());
        }
    }

    private int withBuilt(AfterBuild then) {
        return withBuilt(SharedStores.UNAVAILABLE, then);
    }

    /** Loads, validates and compiles; runs {@code then} on success, else prints why and returns 1 (2 for usage). */
    private int withBuilt(SharedStores stores, AfterBuild then) {
        Prepared p = prepare(stores);
        if (p == null) {
            return 2;
        }
        // One read: the revision serve reports names exactly the bytes that were compiled.
        GatewayBuilder.Built built = p.builder.buildRevision(p.source, Instant.now());
        if (!report(built.result(), p.source)) {
            return 1;
        }
        return then.run(p.source, p.builder, new Built(built.result().gateway(), built.revision()));
    }

    /** What a command does with a config that built. */
    @FunctionalInterface
    private interface AfterBuild {
        int run(ConfigSource source, GatewayBuilder builder, Built result);
    }

    /** A config that built, and the revision of its bytes. */
    private record Built(CompiledGateway gateway, ConfigRevision revision) {
    }

    /** Prints warnings and errors; false when the config was refused. */
    private boolean report(CompileResult result, ConfigSource source) {
        DiagnosticLines.of(result.diagnostics()).forEach(err::println);
        if (result.ok()) {
            return true;
        }
        err.println(DiagnosticLines.summary(source.description(), result.diagnostics()));
        return false;
    }

    private Prepared prepare() {
        return prepare(SharedStores.UNAVAILABLE);
    }

    private Prepared prepare(SharedStores stores) {
        try {
            Logging.setLevel(global.logLevel());
        } catch (IllegalArgumentException e) {
            err.println("jpraxis: " + e.getMessage());
            return null;
        }
        FeatureSet features;
        try {
            features = global.features(env);
        } catch (IllegalArgumentException e) {
            err.println("jpraxis: " + e.getMessage());
            return null;
        }
        ConfigSource source = ConfigSource.resolve(global.config(), env, Path.of("").toAbsolutePath());
        return new Prepared(source, new GatewayBuilder(features, RuntimeServices.system().withStores(stores)));
    }

    private record Prepared(ConfigSource source, GatewayBuilder builder) {
    }
}
