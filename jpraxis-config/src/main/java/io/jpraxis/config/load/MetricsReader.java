package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.MetricsConfig;
import io.jpraxis.config.model.MetricsConfig.MetricLabel;
import io.jpraxis.config.model.RouteTemplate;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.Names;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads the top-level {@code metrics} block (see docs/behaviour/metrics.md): {@code filter_duration},
 * {@code labels.disabled} and {@code route_templates}, each template an absolute path whose
 * segments are literals or whole {@code {name}} placeholders.
 */
public final class MetricsReader {
    /** Templates kept at most: each request is matched against them in order. */
    static final int MAX_ROUTE_TEMPLATES = 1_000;
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{[A-Za-z_][A-Za-z0-9_]*}");

    private static final ObjectDescriptor LABELS = ObjectDescriptor.of("Label dimensions of the metrics.",
            key("disabled", KeyType.listOf(KeyType.choice(MetricLabel.class)),
                    "Dimensions dropped from every metric that carries them, to bound series in large "
                            + "deployments.").withDefault(List.of()));

    /** The keys of {@code metrics}. */
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Prometheus metric settings.",
            key("filter_duration", KeyType.bool(), "Record each filter hook's duration as the histogram "
                    + "jpraxis_filter_duration_seconds{filter, phase, stream}.").withDefault(false),
            key("labels", KeyType.object(LABELS), "Label dimensions to leave off."),
            key("route_templates", KeyType.listOf(KeyType.text(), 0, MAX_ROUTE_TEMPLATES),
                    "Request-path templates such as /v1/users/{id}; a matching request is labelled route=<template>, "
                            + "first match wins.").withDefault(List.of()));

    private MetricsReader() {
    }

    /** Reads the block; absent or null gives {@link MetricsConfig#DEFAULT}. */
    public static MetricsConfig read(ConfigNode node, ConfigPath path, Diagnostics d) {
        if (node == null || node instanceof ConfigNode.NullNode) {
            return MetricsConfig.DEFAULT;
        }
        MapReader r = MapReader.of(node, path, d, KEYS);
        boolean filterDuration = r.bool("filter_duration", false);
        Set<MetricLabel> disabled = r.map("labels", LABELS).map(MetricsReader::disabled).orElse(Set.of());
        List<RouteTemplate> templates = templates(r);
        r.finish();
        return new MetricsConfig(filterDuration, disabled, templates);
    }

    private static Set<MetricLabel> disabled(MapReader labels) {
        Set<MetricLabel> out = EnumSet.noneOf(MetricLabel.class);
        labels.listOf("disabled", (item, itemPath) -> Scalars.enumValue(item, itemPath, labels.diagnostics(),
                MetricLabel.class)).forEach(out::add);
        labels.finish();
        return out;
    }

    private static List<RouteTemplate> templates(MapReader r) {
        List<RouteTemplate> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        List<ConfigNode> items = r.list("route_templates").orElse(List.of());
        if (items.size() > MAX_ROUTE_TEMPLATES) {
            r.invalid("route_templates", "at most " + MAX_ROUTE_TEMPLATES + " templates");
            return out;
        }
        for (int i = 0; i < items.size(); i++) {
            ConfigNode item = items.get(i);
            ConfigPath at = r.path("route_templates").index(i);
            Optional<String> text = Scalars.string(item, at, r.diagnostics());
            if (text.isEmpty()) {
                continue;
            }
            Optional<RouteTemplate> template = template(text.get(), item, at, r.diagnostics());
            if (template.isPresent() && !seen.add(text.get())) {
                r.diagnostics().invalid(at, item.line(), Names.quote(text.get()), "each template once");
            } else {
                template.ifPresent(out::add);
            }
        }
        return out;
    }

    private static Optional<RouteTemplate> template(String text, ConfigNode node, ConfigPath at, Diagnostics d) {
        if (!text.startsWith("/") || text.indexOf('?') >= 0 || text.indexOf('#') >= 0) {
            d.invalid(at, node.line(), Names.quote(text), "an absolute path without query or fragment, such as "
                    + "/v1/users/{id}");
            return Optional.empty();
        }
        List<String> segments = new ArrayList<>();
        for (String segment : text.split("/")) {
            if (segment.isEmpty()) {
                continue;
            }
            boolean braces = segment.indexOf('{') >= 0 || segment.indexOf('}') >= 0;
            if (braces && !PLACEHOLDER.matcher(segment).matches()) {
                d.invalid(at, node.line(), Names.quote(text), "segments that are literals or a whole placeholder "
                        + "such as {id}; " + Names.quote(segment) + " is neither");
                return Optional.empty();
            }
            segments.add(braces ? null : segment);
        }
        return Optional.of(new RouteTemplate(text, segments));
    }
}
