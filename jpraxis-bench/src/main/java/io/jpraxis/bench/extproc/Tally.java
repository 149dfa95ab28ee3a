package io.jpraxis.bench.extproc;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Decisions counted by how they ended, from many event loops at once. */
final class Tally {
    private final LongAdder picked = new LongAdder();
    private final Map<String, LongAdder> problems = new ConcurrentHashMap<>();

    void count(DecisionClient.Outcome outcome) {
        switch (outcome) {
            case DecisionClient.Picked p -> picked.increment();
            case DecisionClient.Refused r -> problems.computeIfAbsent("refused: " + r.what(), k -> new LongAdder()).increment();
            case DecisionClient.Failed f -> problems.computeIfAbsent("failed: " + f.status(), k -> new LongAdder()).increment();
        }
    }

    void problem(String what, long n) {
        if (n > 0) {
            problems.computeIfAbsent(what, k -> new LongAdder()).add(n);
        }
    }

    long picked() {
        return picked.sum();
    }

    /** Every problem by kind, in name order (reports are diffed between runs). */
    Map<String, Long> problems() {
        Map<String, Long> sorted = new TreeMap<>();
        problems.forEach((k, v) -> sorted.put(k, v.sum()));
        return sorted;
    }

    long problemCount() {
        return problems.values().stream().mapToLong(LongAdder::sum).sum();
    }
}
