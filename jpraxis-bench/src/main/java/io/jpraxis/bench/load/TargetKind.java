package io.jpraxis.bench.load;

import java.util.Arrays;
import java.util.Optional;

/** The servers a workload can be pointed at, each started once per suite. */
public enum TargetKind {
    /** The nginx origin itself: the baseline every proxy adds its cost to. */
    ORIGIN("origin"),
    /** nginx as a one-worker reverse proxy with an upstream keepalive pool. */
    NGINX("nginx"),
    /** HAProxy with one thread, reusing origin connections always. */
    HAPROXY("haproxy"),
    /** jpraxis with the smallest proxying pipeline: router and load balancer. */
    JPRAXIS("jpraxis"),
    /**
     * jpraxis's plain path on one event loop ({@code runtime.threads: 1}), as nginx runs one worker
     * and HAProxy one thread here: the like-for-like figure beside the goals, which take jpraxis's
     * defaults (one loop per core).
     */
    JPRAXIS_ONE_LOOP("jpraxis-1loop"),
    /** jpraxis with 18 conditional headers filters in front of the router and load balancer. */
    JPRAXIS_20F("jpraxis-20f"),
    /** jpraxis on the AI path: model_to_header, intelligent_route and the load balancer. */
    JPRAXIS_AI("jpraxis-ai"),
    /**
     * jpraxis with the dispatch pipeline (feature iterative-request-router; see
     * docs/behaviour/binding.md#example-bound-dispatch): a binding router, a direct branch for {@code
     * /openai/}, and an iterative_request_router step for the rest.
     */
    JPRAXIS_DISPATCH("jpraxis-dispatch"),
    /**
     * The floor under jpraxis: a bare Netty proxy ({@code io.jpraxis.bench.floor.BareNettyProxy})
     * on the same JVM options, transport, codecs and event loops, doing no gateway work. What it
     * costs, any proxy on this stack costs; what jpraxis costs beyond it is jpraxis's own.
     */
    NETTY_FLOOR("netty-floor");

    private final String cliName;

    TargetKind(String cliName) {
        this.cliName = cliName;
    }

    /** The name used on the command line and in every report. */
    public String cliName() {
        return cliName;
    }

    /** The kind named {@code name} on the command line, if any. */
    public static Optional<TargetKind> byName(String name) {
        return Arrays.stream(values()).filter(k -> k.cliName.equals(name)).findFirst();
    }
}
