package io.jpraxis.filters.iterative;

import io.jpraxis.core.filter.FilterGauge;
import io.jpraxis.filters.iterative.TransitionRule.Origin;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * What an iterative_request_router did, as counters (see
 * docs/behaviour/iterative-router.md#metrics): each step's exchanges by the origin of their result
 * and the cluster that served them, and each failover by the step it left, the step it went to and
 * the origin of the result that moved it. Every label value comes from the config (step names, the
 * clusters the step's load balancers declare), so the series are known when the filter is built;
 * a cluster chosen at run time that the config does not name is {@value #OTHER_CLUSTER}.
 */
final class StepCounters {
    static final String EXCHANGES = "jpraxis.irr.step.exchanges";
    static final String FAILOVERS = "jpraxis.irr.failovers";
    static final String NO_CLUSTER = "none";
    static final String OTHER_CLUSTER = "other";

    private final Map<String, LongAdder> exchanges = new LinkedHashMap<>();
    private final Map<String, LongAdder> failovers = new LinkedHashMap<>();
    private final List<FilterGauge> meters = new ArrayList<>();

    /** @param clustersByStep each step's configured cluster names, in step order */
    StepCounters(IterativeRouterConfig config, Map<String, List<String>> clustersByStep) {
        for (StepConfig step : config.steps()) {
            List<String> clusters = new ArrayList<>(clustersByStep.getOrDefault(step.name(), List.of()));
            clusters.add(NO_CLUSTER);
            clusters.add(OTHER_CLUSTER);
            for (Origin origin : Origin.values()) {
                for (String cluster : clusters) {
                    LongAdder n = new LongAdder();
                    exchanges.put(key(step.name(), cluster, label(origin)), n);
                    meters.add(FilterGauge.counter(EXCHANGES, "Step exchanges of an iterative_request_router, by "
                            + "step, serving cluster and result origin", Map.of("step", step.name(), "cluster", cluster,
                            "origin", label(origin)), n::sum));
                }
            }
            for (TransitionRule rule : step.onResult()) {
                if (rule.then() instanceof TransitionRule.Next next) {
                    for (Origin origin : Origin.values()) {
                        String key = key(step.name(), next.step(), label(origin));
                        if (!failovers.containsKey(key)) {
                            LongAdder n = new LongAdder();
                            failovers.put(key, n);
                            meters.add(FilterGauge.counter(FAILOVERS, "Moves of an iterative_request_router from one "
                                    + "step to the next, by the origin of the result that moved it", Map.of("step",
                                    step.name(), "next", next.step(), "origin", label(origin)), n::sum));
                        }
                    }
                }
            }
        }
    }

    void exchanged(String step, String cluster, Origin origin) {
        String servedBy = cluster == null ? NO_CLUSTER : cluster;
        LongAdder n = exchanges.get(key(step, servedBy, label(origin)));
        if (n == null) {
            n = exchanges.get(key(step, OTHER_CLUSTER, label(origin)));
        }
        if (n != null) {
            n.increment();
        }
    }

    void movedOn(String step, String next, Origin origin) {
        LongAdder n = failovers.get(key(step, next, label(origin)));
        if (n != null) {
            n.increment();
        }
    }

    List<FilterGauge> meters() {
        return meters;
    }

    private static String key(String a, String b, String c) {
        return a + '\0' + b + '\0' + c;
    }

    private static String label(Origin origin) {
        return origin.name().toLowerCase(Locale.ROOT);
    }
}
