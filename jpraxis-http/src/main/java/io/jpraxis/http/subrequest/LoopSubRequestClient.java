package io.jpraxis.http.subrequest;

import io.jpraxis.core.subrequest.SubRequest;
import io.jpraxis.core.subrequest.SubRequestClient;
import io.jpraxis.core.subrequest.SubResponse;
import io.jpraxis.core.subrequest.SubStream;
import io.jpraxis.core.subrequest.TransportError;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.upstream.UpstreamConnector;
import io.netty.channel.EventLoop;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;

/**
 * The sub-request client of one event loop: every sub-request runs on that loop, over the same
 * upstream pool, TLS contexts, private-upstream guard and timeouts as proxied requests, and its
 * stage completes on the loop, so the pipeline that sent it resumes where its request lives.
 */
public final class LoopSubRequestClient implements SubRequestClient {
    private final EventLoop loop;
    private final UpstreamConnector connector;
    private final EdgeMetrics metrics;
    private final Clock clock;
    private final SubRequestAdmission admission;
    private final SubRequestCircuits circuits;

    /** @param clock the clock sub-request deadlines are read against (the runtime services' clock) */
    public LoopSubRequestClient(EventLoop loop, UpstreamConnector connector, EdgeMetrics metrics, Clock clock) {
        this(loop, connector, metrics, clock, null);
    }

    /** @param admission the process-wide cap on exchanges in flight; null for none */
    public LoopSubRequestClient(EventLoop loop, UpstreamConnector connector, EdgeMetrics metrics, Clock clock,
            SubRequestAdmission admission) {
        this(loop, connector, metrics, clock, admission, null);
    }

    /** @param circuits the per-endpoint circuits of sub-requests, shared by every loop; null for none */
    public LoopSubRequestClient(EventLoop loop, UpstreamConnector connector, EdgeMetrics metrics, Clock clock,
            SubRequestAdmission admission, SubRequestCircuits circuits) {
        this.circuits = circuits;
        this.loop = loop;
        this.connector = connector;
        this.metrics = metrics;
        this.clock = clock;
        this.admission = admission;
    }

    /** The loop every sub-request of this client runs and completes on. */
    public EventLoop eventLoop() {
        return loop;
    }

    @Override
    public CompletionStage<SubResponse> send(SubRequest request) {
        if (circuits == null) {
            return sendPastCircuit(request);
        }
        SubRequestCircuits.Admission circuit = circuits.admit(request.target());
        if (circuit.refused()) {
            return CompletableFuture.completedFuture(new SubResponse.Failed(TransportError.CIRCUIT_OPEN,
                    "runtime.subrequest_circuit_breaker: the circuit of " + circuit.peer() + " is open"));
        }
        return sendPastCircuit(request).whenComplete((response, error) -> {
            if (response != null) {
                circuits.settle(circuit, response);
            }
        });
    }

    /**
     * Streams the response (see docs/behaviour/iterative-router.md#streamed-answers): the circuit
     * is settled by the head (an answer is a success), and the process-wide slot is held until the
     * body ended, failed or was cancelled.
     */
    @Override
    public CompletionStage<SubStream> stream(SubRequest request) {
        if (circuits == null) {
            return streamPastCircuit(request);
        }
        SubRequestCircuits.Admission circuit = circuits.admit(request.target());
        if (circuit.refused()) {
            return CompletableFuture.completedFuture(new SubResponse.Failed(TransportError.CIRCUIT_OPEN,
                    "runtime.subrequest_circuit_breaker: the circuit of " + circuit.peer() + " is open"));
        }
        return streamPastCircuit(request).whenComplete((opened, error) -> {
            if (opened != null) {
                circuits.settleStreamed(circuit, opened);
            }
        });
    }

    private CompletionStage<SubStream> streamPastCircuit(SubRequest request) {
        CompletableFuture<SubStream> opened = new CompletableFuture<>();
        Runnable start;
        if (admission == null) {
            SubRequestCall call = SubRequestCall.streamed(request, loop, connector, metrics, opened, () -> { });
            start = () -> call.start(remainingNanos(request.deadline()));
        } else {
            SubRequestCall call = SubRequestCall.streamed(request, loop, connector, metrics, opened, admission::release);
            start = () -> admission.admit(loop, remainingNanos(request.deadline()),
                    () -> call.start(remainingNanos(request.deadline())),
                    () -> opened.complete(new SubResponse.Failed(TransportError.ADMISSION_TIMEOUT,
                            "runtime.subrequest_max_connections reached; no slot before the deadline")));
        }
        if (loop.inEventLoop()) {
            start.run();
            return opened;
        }
        try {
            loop.execute(start);
        } catch (RejectedExecutionException e) {
            opened.complete(new SubResponse.Failed(TransportError.CONNECT, "event loop shut down"));
        }
        return opened;
    }

    private CompletionStage<SubResponse> sendPastCircuit(SubRequest request) {
        CompletableFuture<SubResponse> result = new CompletableFuture<>();
        SubRequestCall call = new SubRequestCall(request, loop, connector, metrics, result);
        Runnable start = admission == null ? () -> call.start(remainingNanos(request.deadline()))
                : () -> admitted(call, request, result);
        if (loop.inEventLoop()) {
            start.run();
            return result;
        }
        try {
            loop.execute(start);
        } catch (RejectedExecutionException e) {
            // The gateway is shutting down: nothing was sent.
            result.complete(new SubResponse.Failed(TransportError.CONNECT, "event loop shut down"));
        }
        return result;
    }

    /** On the loop: waits for a slot until the sub-request's deadline, and frees it when the exchange ends. */
    private void admitted(SubRequestCall call, SubRequest request, CompletableFuture<SubResponse> result) {
        admission.admit(loop, remainingNanos(request.deadline()), () -> {
            result.whenComplete((response, error) -> admission.release());
            call.start(remainingNanos(request.deadline()));
        }, () -> result.complete(new SubResponse.Failed(TransportError.ADMISSION_TIMEOUT,
                "runtime.subrequest_max_connections reached; no slot before the deadline")));
    }

    private long remainingNanos(Instant deadline) {
        Instant now = clock.instant();
        if (!deadline.isAfter(now)) {
            return 0;
        }
        try {
            return Duration.between(now, deadline).toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE; // centuries away: no deadline worth scheduling exactly
        }
    }
}
