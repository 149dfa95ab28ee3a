package io.jpraxis.ai.intelligentroute;

import io.jpraxis.ai.candidate.Candidate;
import io.jpraxis.ai.intelligentroute.IntelligentRouteConfig.CandidateSource;
import io.jpraxis.ai.intelligentroute.IntelligentRouteConfig.OverlayFile;
import io.jpraxis.ai.intelligentroute.IntelligentRouteConfig.StaticCandidates;
import io.jpraxis.ai.overlay.ExpectedOverlayScope;
import io.jpraxis.ai.overlay.ReloadSettings;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.filters.support.HeaderListReader;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Reads where the candidates come from (see docs/reference/filters/intelligent_route.md#keys): a
 * static {@code candidates} list with its {@code local_site}, or an {@code overlay_file} with its
 * optional {@code expected_overlay_scope} and {@code reload}; never both, never neither.
 */
final class CandidateSourceReader {
    /** Praxis's debounce default. */
    static final long DEFAULT_DEBOUNCE_MS = 500;
    static final long MAX_DEBOUNCE_MS = 60_000;

    private CandidateSourceReader() {
    }

    static Optional<CandidateSource> read(MapReader options, String routeHeader) {
        boolean candidates = options.has("candidates");
        boolean overlay = options.has("overlay_file");
        if (candidates && overlay) {
            options.error("overlay_file", "set together with candidates (expected: candidates or overlay_file, "
                    + "not both)");
            options.skip("candidates", "overlay_file", "local_site", "expected_overlay_scope", "reload");
            return Optional.empty();
        }
        if (!candidates && !overlay) {
            options.diagnostics().error(options.path("candidates"), options.line(), "missing (expected: a "
                    + "candidates list or an overlay_file)");
            options.skip("local_site", "expected_overlay_scope", "reload");
            return Optional.empty();
        }
        return candidates ? staticList(options, routeHeader) : overlayFile(options);
    }

    private static Optional<CandidateSource> staticList(MapReader options, String routeHeader) {
        if (options.has("expected_overlay_scope")) {
            options.error("expected_overlay_scope", "set with static candidates (expected: only with overlay_file)");
            options.skip("expected_overlay_scope");
        }
        if (options.has("reload")) {
            options.error("reload", "set with static candidates, which never reload (expected: only with "
                    + "overlay_file)");
            options.skip("reload");
        }
        String localSite = ConfigStrings.requiredIdentifier(options, "local_site");
        Optional<List<Candidate>> list = StaticCandidateReader.read(options, routeHeader);
        if (localSite == null || list.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new StaticCandidates(localSite, list.get()));
    }

    private static Optional<CandidateSource> overlayFile(MapReader options) {
        options.skip("local_site"); // the overlay names its own local site (see docs/reference/filters/intelligent_route.md#keys)
        String text = options.requiredString("overlay_file");
        Path file = null;
        if (text != null) {
            try {
                file = text.isBlank() ? null : Path.of(text);
            } catch (InvalidPathException e) {
                file = null;
            }
            if (file == null) {
                options.diagnostics().invalid(options.path("overlay_file"), options.line("overlay_file"),
                        HeaderListReader.quote(text), "the path of the overlay JSON file");
            }
        }
        ExpectedOverlayScope scope = options.map("expected_overlay_scope").map(CandidateSourceReader::scope)
                .orElse(null);
        ReloadSettings reload = options.map("reload").map(CandidateSourceReader::reload)
                .orElse(ReloadSettings.DEFAULT);
        return file == null ? Optional.empty() : Optional.of(new OverlayFile(file, scope, reload));
    }

    private static ExpectedOverlayScope scope(MapReader r) {
        String network = scopeField(r, "network");
        String gateway = scopeField(r, "gateway");
        String namespace = scopeField(r, "namespace");
        String localSite = scopeField(r, "local_site");
        r.finish();
        return new ExpectedOverlayScope(network, gateway, namespace, localSite);
    }

    private static String scopeField(MapReader r, String key) {
        if (!r.has(key)) {
            r.skip(key);
            return null;
        }
        return ConfigStrings.requiredIdentifier(r, key);
    }

    private static ReloadSettings reload(MapReader r) {
        boolean enabled = r.bool("enabled", true);
        long debounce = r.integer("debounce_ms", 0, MAX_DEBOUNCE_MS).orElse(DEFAULT_DEBOUNCE_MS);
        r.finish();
        return new ReloadSettings(enabled, Duration.ofMillis(debounce));
    }
}
