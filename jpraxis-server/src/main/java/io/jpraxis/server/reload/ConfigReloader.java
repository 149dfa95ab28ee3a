package io.jpraxis.server.reload;

import io.jpraxis.config.load.ConfigRevision;
import io.jpraxis.config.model.GatewayConfig;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.server.boot.ConfigSource;
import io.jpraxis.server.boot.DiagnosticLines;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.ProcessUser;
import io.jpraxis.server.boot.ServingGateway;
import io.jpraxis.server.boot.StartupWarnings;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One reload (see docs/behaviour/reload.md#how-a-reload-runs): reads the config file, loads,
 * validates and compiles it exactly as {@code validate} and {@code serve} do, and switches the
 * serving gateway to it, or says why not. A refused reload changes nothing: the serving config
 * keeps serving, and the log lists every reason. Reloads are serialised; each is counted by
 * outcome.
 */
public final class ConfigReloader {
    private static final Logger log = LoggerFactory.getLogger(ConfigReloader.class);

    private final ConfigSource source;
    private final GatewayBuilder builder;
    private final ServingGateway serving;
    private final ReloadMetrics metrics;
    private final Clock clock;

    public ConfigReloader(ConfigSource source, GatewayBuilder builder, ServingGateway serving, Clock clock) {
        this.source = source;
        this.builder = builder;
        this.serving = serving;
        this.clock = clock;
        this.metrics = new ReloadMetrics(serving.meters(), serving.generations());
    }

    /** Runs one reload attempt and logs and counts its outcome. */
    public synchronized ReloadOutcome reload() {
        ReloadOutcome outcome = attempt();
        metrics.record(outcome);
        report(outcome);
        return outcome;
    }

    private ReloadOutcome attempt() {
        ConfigRevision current = serving.revision().orElse(null);
        GatewayBuilder.Built built = builder.buildRevision(source, clock.instant(), current);
        CompileResult result = built.result();
        if (result == null) {
            return new ReloadOutcome.Unchanged(current);
        }
        List<String> diagnostics = DiagnosticLines.of(result.diagnostics());
        if (!result.ok()) {
            List<String> lines = new ArrayList<>(diagnostics);
            lines.add(DiagnosticLines.summary(source.description(), result.diagnostics()));
            return new ReloadOutcome.Invalid(built.revision(), lines);
        }
        diagnostics.forEach(log::warn); // a valid config's warnings, as validate prints them
        CompiledGateway next = result.gateway();
        GatewayConfig before = serving.gateway().config();
        List<String> restart = RestartRequired.between(before, next.config());
        if (!restart.isEmpty()) {
            next.close();
            return new ReloadOutcome.NeedsRestart(built.revision(), restart);
        }
        warnEscalations(before, next);
        try {
            serving.reload(next, built.revision());
        } catch (RuntimeException e) {
            return new ReloadOutcome.Failed(e.getMessage());
        }
        return new ReloadOutcome.Applied(current, built.revision());
    }

    /**
     * Insecure options a reload newly enables are reported, as startup reports them (see
     * docs/behaviour/config-loading.md#insecure-options).
     */
    private static void warnEscalations(GatewayConfig before, CompiledGateway next) {
        boolean root = ProcessUser.isRoot();
        List<String> was = StartupWarnings.of(next.features(), before.insecureOptions(), root);
        for (String warning : StartupWarnings.of(next.features(), next.config().insecureOptions(), root)) {
            if (!was.contains(warning)) {
                log.warn("config reload newly enables: {}", warning);
            }
        }
    }

    private void report(ReloadOutcome outcome) {
        String serving = label(this.serving.revision().orElse(null));
        switch (outcome) {
            case ReloadOutcome.Unchanged u ->
                    log.debug("{} changed on disk but its content is the serving revision {}", source.description(),
                            serving);
            case ReloadOutcome.Applied a -> log.info("config reloaded from {}: serving {} (was {}); new requests use "
                    + "it, requests in flight finish on the previous config; filter state (rate limits, balancer "
                    + "positions) starts afresh", source.description(), a.current().label(), label(a.previous()));
            case ReloadOutcome.Invalid i -> {
                log.error("config reload of {} refused: the new config ({}) is invalid; still serving {}",
                        source.description(), label(i.rejected()), serving);
                i.lines().forEach(log::error);
            }
            case ReloadOutcome.NeedsRestart r -> {
                log.error("config reload of {} refused: the new config ({}) changes settings that need a restart; "
                        + "still serving {}; restart jpraxis to apply it", source.description(), label(r.rejected()),
                        serving);
                r.reasons().forEach(reason -> log.error("restart needed: {}", reason));
            }
            case ReloadOutcome.Failed f -> log.error("config reload of {} failed: {}; still serving {}",
                    source.description(), f.reason(), serving);
        }
    }

    private static String label(ConfigRevision revision) {
        return revision == null ? "(unknown)" : revision.label();
    }
}
