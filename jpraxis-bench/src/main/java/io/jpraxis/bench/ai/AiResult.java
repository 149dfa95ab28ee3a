package io.jpraxis.bench.ai;

import io.jpraxis.bench.load.MachineInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Everything one bench/ai run measured, and the goals judged from it. */
record AiResult(String startedAt, String endedAt, MachineInfo machine, AiOptions options, List<Comparison> overhead,
        List<Comparison> tokenCount, FirstTokens firstTokens, Map<String, Object> phases, Map<String, Long> providerCounts,
        String flagshipMetrics, String runDir) {

    /**
     * One goal: what it asks, the figure measured, and whether the figure meets it; {@code
     * conclusive} is false when the rounds disagree (see {@link #roundsAgree}), and the verdict
     * then reads "inconclusive" whatever the median says.
     */
    record Goal(String goal, String measured, boolean met, boolean conclusive) {
        Goal(String goal, String measured, boolean met) {
            this(goal, measured, met, true);
        }

        String verdict() {
            return !conclusive ? "inconclusive" : met ? "yes" : "**no**";
        }
    }

    /**
     * Whether at least five in six of the rounds' ratios fall on the median's side of {@code
     * goal}: on a shared machine the CPU per request of one round can move by more than the 5%
     * judged, and a verdict the rounds do not agree on is no verdict.
     */
    static boolean roundsAgree(List<Double> ratios, double goal, boolean medianMeets) {
        long agreeing = ratios.stream().filter(r -> (r < goal) == medianMeets).count();
        return agreeing * 6 >= ratios.size() * 5L;
    }

    List<Goal> goals() {
        List<Goal> goals = new ArrayList<>();
        for (Comparison c : overhead) {
            double added = c.addedP50Micros();
            goals.add(new Goal("flagship adds < " + f0(AiBench.ADDED_P50_GOAL_MICROS) + " µs p50 over the plain path, 2 KiB"
                    + " chat, wrk -c" + c.connections(), f0(added) + " µs (" + f0(c.baseMedians().p50Micros()) + " -> "
                    + f0(c.measuredMedians().p50Micros()) + " µs; paired rounds " + f0(c.pairedAddedP50Micros()) + " µs)",
                    added < AiBench.ADDED_P50_GOAL_MICROS));
        }
        for (Comparison c : tokenCount) {
            // The rounds ran both gateways at once: each round's ratio compares like with like.
            double ratio = c.pairedCpuRatio();
            boolean met = ratio < AiBench.TOKEN_COUNT_CPU_GOAL_RATIO;
            long under = c.cpuRatios().stream().filter(x -> x < AiBench.TOKEN_COUNT_CPU_GOAL_RATIO).count();
            goals.add(new Goal("token_count adds < " + f0((AiBench.TOKEN_COUNT_CPU_GOAL_RATIO - 1) * 100)
                    + "% gateway CPU per request, 64 KiB SSE stream (" + c.name() + ")", String.format(Locale.ROOT,
                    "x%.3f, median of %d simultaneous rounds' ratios, %d of them under x%.2f (x%.2f to x%.2f;"
                    + " medians %.3f -> %.3f ms/req, x%.3f)", ratio, c.baseRounds().size(), under,
                    AiBench.TOKEN_COUNT_CPU_GOAL_RATIO, c.cpuRatios().stream().mapToDouble(d -> d).min().orElse(0),
                    c.cpuRatios().stream().mapToDouble(d -> d).max().orElse(0), c.baseMedians().cpuMillisPerRequest(),
                    c.measuredMedians().cpuMillisPerRequest(), c.cpuRatio()),
                    met, roundsAgree(c.cpuRatios(), AiBench.TOKEN_COUNT_CPU_GOAL_RATIO, met)));
        }
        FirstTokens.Path direct = firstTokens.path("direct");
        for (String via : List.of("flagship", "failover")) {
            FirstTokens.Path p = firstTokens.path(via);
            double delta = p.p50Micros() - direct.p50Micros();
            goals.add(new Goal("time to first token through the " + via + " within "
                    + f0(AiBench.FIRST_TOKEN_GOAL_MICROS) + " µs of direct at p50", "+" + f0(delta) + " µs ("
                    + f0(direct.p50Micros()) + " -> " + f0(p.p50Micros()) + " µs)",
                    delta <= AiBench.FIRST_TOKEN_GOAL_MICROS && p.errors() == 0 && p.samples() > 0));
        }
        return goals;
    }

    static String f0(double v) {
        return String.format(Locale.ROOT, "%.0f", v);
    }
}
