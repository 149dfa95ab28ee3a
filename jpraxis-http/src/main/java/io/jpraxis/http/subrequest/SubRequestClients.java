package io.jpraxis.http.subrequest;

import io.jpraxis.core.subrequest.SubRequestClient;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.upstream.UpstreamConnector;
import io.netty.channel.EventLoop;
import java.time.Clock;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * One {@link LoopSubRequestClient} per event loop, made on first use, so handing a request its
 * client costs a map lookup and no allocation.
 */
public final class SubRequestClients {
    private final UpstreamConnector connector;
    private final EdgeMetrics metrics;
    private final Clock clock;
    private final SubRequestAdmission admission;
    private final SubRequestCircuits circuits;
    private final ConcurrentMap<EventLoop, LoopSubRequestClient> clients = new ConcurrentHashMap<>();

    public SubRequestClients(UpstreamConnector connector, EdgeMetrics metrics, Clock clock) {
        this(connector, metrics, clock, null);
    }

    /** @param admission the process-wide cap on sub-request exchanges, shared by every loop; null for none */
    public SubRequestClients(UpstreamConnector connector, EdgeMetrics metrics, Clock clock,
            SubRequestAdmission admission) {
        this(connector, metrics, clock, admission, null);
    }

    /** @param circuits the per-endpoint circuits ({@code runtime.subrequest_circuit_breaker}); null for none */
    public SubRequestClients(UpstreamConnector connector, EdgeMetrics metrics, Clock clock,
            SubRequestAdmission admission, SubRequestCircuits circuits) {
        this.circuits = circuits;
        this.connector = connector;
        this.metrics = metrics;
        this.clock = clock;
        this.admission = admission;
    }

    /** The client whose sub-requests run and complete on {@code loop}. */
    public SubRequestClient forLoop(EventLoop loop) {
        LoopSubRequestClient client = clients.get(loop);
        return client != null ? client
                : clients.computeIfAbsent(loop, l -> new LoopSubRequestClient(l, connector, metrics, clock, admission, circuits));
    }
}
