package io.jpraxis.bench.load;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the summary h2load prints at the end of a run. */
public final class H2loadSummaryParser {
    private static final Pattern FINISHED =
            Pattern.compile("^finished in ([0-9.]+)(us|ms|s|m|h), ([0-9.]+) req/s", Pattern.MULTILINE);
    private static final Pattern REQUESTS = Pattern.compile("^requests: (\\d+) total, (\\d+) started, (\\d+) done, "
            + "(\\d+) succeeded, (\\d+) failed, (\\d+) errored, (\\d+) timeout", Pattern.MULTILINE);
    private static final Pattern STATUS =
            Pattern.compile("^status codes: (\\d+) 2xx, (\\d+) 3xx, (\\d+) 4xx, (\\d+) 5xx", Pattern.MULTILINE);

    private H2loadSummaryParser() {
    }

    /** Parses h2load's whole standard output. */
    public static H2loadSummary parse(String stdout) {
        Matcher finished = find(FINISHED, stdout, "finished in <time>, <n> req/s");
        Matcher requests = find(REQUESTS, stdout, "requests: <n> total, ... <n> timeout");
        Matcher status = find(STATUS, stdout, "status codes: <n> 2xx, ... <n> 5xx");
        return new H2loadSummary(
                seconds(Double.parseDouble(finished.group(1)), finished.group(2)),
                Double.parseDouble(finished.group(3)),
                count(requests, 1), count(requests, 2), count(requests, 3), count(requests, 4),
                count(requests, 5), count(requests, 6), count(requests, 7),
                count(status, 1), count(status, 2), count(status, 3), count(status, 4));
    }

    private static Matcher find(Pattern pattern, String stdout, String expected) {
        Matcher m = pattern.matcher(stdout);
        if (!m.find()) {
            throw new IllegalArgumentException("h2load output: no \"" + expected + "\" line\n" + stdout);
        }
        return m;
    }

    private static long count(Matcher m, int group) {
        return Long.parseLong(m.group(group));
    }

    private static double seconds(double value, String unit) {
        return switch (unit) {
            case "us" -> value / 1e6;
            case "ms" -> value / 1e3;
            case "s" -> value;
            case "m" -> value * 60;
            case "h" -> value * 3600;
            default -> throw new IllegalArgumentException("h2load duration unit: " + unit);
        };
    }
}
