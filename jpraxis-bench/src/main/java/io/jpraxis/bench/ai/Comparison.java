package io.jpraxis.bench.ai;

import io.jpraxis.bench.load.Stats;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

/**
 * One wrk comparison's rounds: the same load against a base gateway and a measured one, taken in
 * alternating order, or at the same time ({@code simultaneous}).
 */
record Comparison(String name, int connections, boolean simultaneous, String base, String measured, List<WrkLoad.Round> baseRounds,
        List<WrkLoad.Round> measuredRounds) {

    /** The medians over one gateway's rounds. */
    record Medians(double requestsPerSecond, double p50Micros, double p90Micros, double p99Micros,
            double cpuMillisPerRequest, long errors, long requests) {
        static Medians of(List<WrkLoad.Round> rounds) {
            return new Medians(median(rounds, r -> r.wrk().requestsPerSecond()), median(rounds, r -> r.wrk().p50Micros()),
                    median(rounds, r -> r.wrk().p90Micros()), median(rounds, r -> r.wrk().p99Micros()),
                    median(rounds, WrkLoad.Round::cpuMillisPerRequest),
                    rounds.stream().mapToLong(r -> r.wrk().errors()).sum(),
                    rounds.stream().mapToLong(r -> r.wrk().requests()).sum());
        }

        private static double median(List<WrkLoad.Round> rounds, ToDoubleFunction<WrkLoad.Round> f) {
            return Stats.median(rounds.stream().map(r -> f.applyAsDouble(r)).toList());
        }
    }

    Medians baseMedians() {
        return Medians.of(baseRounds);
    }

    Medians measuredMedians() {
        return Medians.of(measuredRounds);
    }

    /** The measured gateway's median p50 less the base's, in µs. */
    double addedP50Micros() {
        return measuredMedians().p50Micros() - baseMedians().p50Micros();
    }

    /**
     * The median over rounds of each round pair's added p50 (the rounds ran back to back, so a
     * pair shares the machine's state): less sensitive to a disturbed round than the difference of medians.
     */
    double pairedAddedP50Micros() {
        return Stats.median(IntStream.range(0, Math.min(baseRounds.size(), measuredRounds.size()))
                .mapToObj(i -> (double) (measuredRounds.get(i).wrk().p50Micros() - baseRounds.get(i).wrk().p50Micros()))
                .toList());
    }

    /** The measured gateway's median CPU per request over the base's. */
    double cpuRatio() {
        return measuredMedians().cpuMillisPerRequest() / baseMedians().cpuMillisPerRequest();
    }

    /** Each round pair's CPU-per-request ratio, in round order. */
    List<Double> cpuRatios() {
        return IntStream.range(0, Math.min(baseRounds.size(), measuredRounds.size()))
                .mapToObj(i -> measuredRounds.get(i).cpuMillisPerRequest() / baseRounds.get(i).cpuMillisPerRequest())
                .toList();
    }

    /** The median over round pairs of the CPU-per-request ratio. */
    double pairedCpuRatio() {
        return Stats.median(IntStream.range(0, Math.min(baseRounds.size(), measuredRounds.size()))
                .mapToObj(i -> measuredRounds.get(i).cpuMillisPerRequest() / baseRounds.get(i).cpuMillisPerRequest())
                .toList());
    }
}
