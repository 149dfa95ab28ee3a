package io.jpraxis.bench.soak;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads sample values out of the Prometheus text format that jpraxis's admin {@code /metrics} serves. */
public final class PrometheusText {
    private static final Pattern LABEL = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    private PrometheusText() {
    }

    /**
     * The sum of the samples named {@code name} whose labels include every pair of {@code labels}
     * (other labels may differ, so a gauge kept per listener or event loop is summed); empty when
     * none matched.
     */
    public static OptionalDouble sum(String text, String name, Map<String, String> labels) {
        double total = 0;
        boolean found = false;
        for (String line : text.lines().toList()) {
            if (line.isBlank() || line.startsWith("#") || !line.startsWith(name)) {
                continue;
            }
            int brace = line.indexOf('{');
            int space = line.lastIndexOf(' ');
            String sampleName = brace >= 0 ? line.substring(0, brace) : line.substring(0, Math.max(space, 0));
            if (!sampleName.equals(name) || space < 0) {
                continue;
            }
            Map<String, String> have = brace >= 0 ? labels(line.substring(brace + 1, line.lastIndexOf('}'))) : Map.of();
            if (labels.entrySet().stream().allMatch(e -> e.getValue().equals(have.get(e.getKey())))) {
                total += Double.parseDouble(line.substring(space + 1).trim());
                found = true;
            }
        }
        return found ? OptionalDouble.of(total) : OptionalDouble.empty();
    }

    private static Map<String, String> labels(String inside) {
        Map<String, String> labels = new LinkedHashMap<>();
        Matcher m = LABEL.matcher(inside);
        while (m.find()) {
            labels.put(m.group(1), m.group(2));
        }
        return labels;
    }
}
