package io.jpraxis.ai.intelligentroute;

import io.jpraxis.ai.candidate.RoutingSnapshot;
import io.jpraxis.ai.candidate.SelectionMode;
import io.jpraxis.ai.candidate.SnapshotBuild;
import io.jpraxis.ai.candidate.SnapshotSource;
import io.jpraxis.ai.candidate.StaticSnapshotSource;
import io.jpraxis.ai.intelligentroute.IntelligentRouteConfig.OverlayFile;
import io.jpraxis.ai.intelligentroute.IntelligentRouteConfig.StaticCandidates;
import io.jpraxis.ai.overlay.ClusterRule;
import io.jpraxis.ai.overlay.OverlayLoadException;
import io.jpraxis.ai.overlay.OverlaySource;
import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the candidate source of a checked config into the {@link SnapshotSource} requests read:
 * a fixed snapshot for static candidates, the overlay file loaded now (cold start) for an
 * overlay. What the snapshot refuses is reported at the config path it concerns.
 */
final class SnapshotSources {
    /** A snapshot problem's own path: {@code candidates[2].cluster: ...}. */
    private static final Pattern PROBLEM_PATH = Pattern.compile("^([a-z_]+)((?:\\[\\d+]|\\.[A-Za-z_]+)*): (.*)$",
            Pattern.DOTALL);
    private static final Pattern SEGMENT = Pattern.compile("\\[(\\d+)]|\\.([A-Za-z_]+)");

    private SnapshotSources() {
    }

    static Optional<SnapshotSource> open(IntelligentRouteConfig config, MapReader options) {
        return switch (config.source()) {
            case StaticCandidates s -> fixed(s, options);
            case OverlayFile o -> overlay(o, config, options);
        };
    }

    private static Optional<SnapshotSource> fixed(StaticCandidates s, MapReader options) {
        // Static candidates form no groups, so the policy is always deterministic (see
        // docs/behaviour/intelligent-route.md#selection-order).
        SnapshotBuild build = RoutingSnapshot.build(s.localSite(), s.candidates(), SelectionMode.DETERMINISTIC, null);
        return switch (build) {
            case SnapshotBuild.Built built -> {
                built.warnings().forEach(w -> report(w, options, false));
                yield Optional.of(new StaticSnapshotSource(built.snapshot()));
            }
            case SnapshotBuild.Refused refused -> {
                refused.problems().forEach(p -> report(p, options, true));
                yield Optional.empty();
            }
        };
    }

    /**
     * Loads the overlay now, so a file that cannot serve refuses the config (cold-start failures
     * are fatal; see docs/reference/filters/intelligent_route.md#keys); with {@code route_header},
     * every reload must keep clusters sendable.
     */
    private static Optional<SnapshotSource> overlay(OverlayFile o, IntelligentRouteConfig config, MapReader options) {
        ClusterRule rule = config.routeHeader() == null ? ClusterRule.ANY : ClusterRule.ROUTE_HEADER_VALUE;
        try {
            return Optional.of(OverlaySource.open(o.file(), o.expectedScope(), o.reload(), rule));
        } catch (OverlayLoadException e) {
            options.diagnostics().error(options.path("overlay_file"), options.line("overlay_file"),
                    e.getMessage().startsWith("overlay_file: ")
                            ? e.getMessage().substring("overlay_file: ".length()) : e.getMessage());
            return Optional.empty();
        }
    }

    /** Reports {@code problem} at the path it names under this filter entry, at the line of its key. */
    static void report(String problem, MapReader options, boolean error) {
        Matcher m = PROBLEM_PATH.matcher(problem);
        ConfigPath path = options.path();
        String message = problem;
        int line = options.line();
        if (m.matches()) {
            path = options.path(m.group(1));
            line = options.line(m.group(1));
            ConfigNode node = options.node().get(m.group(1)).orElse(null);
            Matcher seg = SEGMENT.matcher(m.group(2));
            while (seg.find()) {
                if (seg.group(1) != null) {
                    int index = Integer.parseInt(seg.group(1));
                    path = path.index(index);
                    node = node instanceof ConfigNode.ListNode list && index < list.items().size()
                            ? list.items().get(index) : null;
                } else {
                    path = path.key(seg.group(2));
                    node = node instanceof ConfigNode.MapNode map ? map.get(seg.group(2)).orElse(node) : node;
                }
                line = node == null ? line : node.line();
            }
            message = m.group(3);
        }
        if (error) {
            options.diagnostics().error(path, line, message);
        } else {
            options.diagnostics().warn(path, line, message);
        }
    }
}
