package io.jpraxis.bench.load;

import java.util.List;

/**
 * Which set of workloads {@code bench/run} runs: the load suite (plain HTTP beside nginx and
 * HAProxy) or, with {@code bench/run edge}, the edge suite (TLS, HTTP/2 over TLS, WebSocket).
 * Each has its own goals and its own result files.
 */
public enum Suite {
    LOAD("load", "jpraxis side-by-side load benchmark", Workloads.ALL),
    EDGE("edge", "jpraxis edge benchmark: TLS, HTTP/2 over TLS and WebSocket beside nginx and HAProxy",
            EdgeWorkloads.ALL);

    private final String cliName;
    private final String title;
    private final List<Workload> workloads;

    Suite(String cliName, String title, List<Workload> workloads) {
        this.cliName = cliName;
        this.title = title;
        this.workloads = workloads;
    }

    /** The word after {@code bench/run} (none for the load suite) and its files' prefix. */
    public String cliName() {
        return cliName;
    }

    /** The report's heading. */
    public String title() {
        return title;
    }

    /** Every workload, in run and report order. */
    public List<Workload> workloads() {
        return workloads;
    }

    /** The suite's goals judged against a run's medians (and, for some, its single runs). */
    public List<GoalResult> goals(MedianTable table, List<RunRecord> runs, List<Double> coldStartMillis) {
        return switch (this) {
            case LOAD -> Goals.evaluate(table, coldStartMillis);
            case EDGE -> EdgeGoals.evaluate(table, runs);
        };
    }
}
