package io.jpraxis.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The metric names the queries of {@code docs/grafana/jpraxis-ai-gateway.json} read. */
final class GrafanaDashboard {
    static final Path FILE = Path.of("..", "docs", "grafana", "jpraxis-ai-gateway.json");
    /** A metric name: the project's prefixes, then name characters (labels and functions are not). */
    private static final Pattern METRIC = Pattern.compile("\\b((?:jpraxis|praxis|gen_ai)_[a-zA-Z0-9_]+)");

    private GrafanaDashboard() {
    }

    static Set<String> metricNames() {
        JsonNode dashboard;
        try {
            dashboard = new ObjectMapper().readTree(FILE.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Set<String> names = new TreeSet<>();
        for (JsonNode panel : dashboard.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                names.addAll(namesIn(target.path("expr").asText()));
            }
        }
        for (JsonNode variable : dashboard.path("templating").path("list")) {
            names.addAll(namesIn(variable.path("query").asText()));
        }
        return names;
    }

    static List<String> namesIn(String query) {
        // Label names (in by/without groupings and in matchers) share the prefixes: leave them out.
        String metricsOnly = query.replaceAll("\\b(by|without)\\s*\\([^)]*\\)", " ").replaceAll("\\{[^}]*}", " ");
        Matcher m = METRIC.matcher(metricsOnly);
        List<String> out = new java.util.ArrayList<>();
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    /** The dashboard's metric names that {@code metrics} (a Prometheus scrape) has no sample of. */
    static Set<String> missingFrom(String metrics) {
        return missingFrom(metrics, "");
    }

    /** The same for the names starting with {@code prefix} (one run exercises one family). */
    static Set<String> missingFrom(String metrics, String prefix) {
        Set<String> missing = new TreeSet<>();
        for (String name : metricNames()) {
            if (!name.startsWith(prefix)) {
                continue;
            }
            if (!Pattern.compile("(?m)^" + Pattern.quote(name) + "[{ ]").matcher(metrics).find()) {
                missing.add(name);
            }
        }
        return missing;
    }
}
