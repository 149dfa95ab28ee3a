package io.jpraxis.http.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.EndpointState;
import io.jpraxis.http.testing.TestCluster;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.testkit.FaultyOrigin;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * A gateway in front of a {@link FaultyOrigin}, and the check every fault test ends with: nothing
 * is still held for an exchange that is over. The cluster has no retries, so each fault costs one
 * upstream connection, and by default a 300 ms read timeout, so a stall ends quickly.
 */
final class FaultBench implements AutoCloseable {
    static final long READ_TIMEOUT_MS = 300;

    final FaultyOrigin origin;
    final ClusterState cluster;
    final TestGateway gateway;

    private FaultBench(FaultyOrigin origin, ClusterState cluster, TestGateway gateway) {
        this.origin = origin;
        this.cluster = cluster;
        this.gateway = gateway;
    }

    /** Every request forwarded to the origin. */
    static FaultBench start() {
        return start(READ_TIMEOUT_MS, forward -> new HttpFilter[] {forward});
    }

    /** The forwarding filter wrapped by {@code pipeline}, which may put filters in front of it. */
    static FaultBench start(Function<HttpFilter, HttpFilter[]> pipeline) {
        return start(READ_TIMEOUT_MS, pipeline);
    }

    /** With the cluster's {@code read_timeout_ms} at {@code readMs}. */
    static FaultBench start(long readMs, Function<HttpFilter, HttpFilter[]> pipeline) {
        return start(c -> c.readMs(readMs), pipeline);
    }

    /** With the cluster's defaults here changed by {@code cluster} (a retry policy, say). */
    static FaultBench start(UnaryOperator<TestCluster> clusterSettings, Function<HttpFilter, HttpFilter[]> pipeline) {
        FaultyOrigin origin = FaultyOrigin.start();
        ClusterState cluster = clusterSettings.apply(TestCluster.named("faulty").endpoint(origin.host(), origin.port())
                .readMs(READ_TIMEOUT_MS).retry(0, 0, false)).state();
        TestGateway.Builder builder = TestGateway.builder().bodyLimits(null, null);
        for (HttpFilter f : pipeline.apply(TestFilters.firstEndpoint(cluster))) {
            builder.filter(f);
        }
        try {
            return new FaultBench(origin, cluster, builder.start());
        } catch (RuntimeException e) {
            origin.close();
            throw e;
        }
    }

    /**
     * A filter that reads the whole request body before the request phase (pre-read: see
     * docs/behaviour/body-access.md#access-and-delivery-modes).
     */
    static HttpFilter preRead() {
        return new TestFilters.Simple("test_pre_read") {
            @Override
            public FilterDeclaration declaration() {
                return super.declaration().withRequestBody(BodyAccess.READ_ONLY, new BodyMode.StreamBuffer(8L << 20));
            }

            @Override
            public FilterAction onRequestBody(RequestContext ctx, BodyChunk body) {
                return body.endOfStream() ? FilterAction.BODY_DONE : FilterAction.CONTINUE;
            }
        };
    }

    /**
     * A filter that withholds the whole response body until it ends (StreamBuffer: see
     * docs/behaviour/body-access.md#access-and-delivery-modes).
     */
    static HttpFilter bufferResponse() {
        return new TestFilters.Simple("test_buffer_response") {
            @Override
            public FilterDeclaration declaration() {
                return super.declaration().withResponseBody(BodyAccess.READ_ONLY, new BodyMode.StreamBuffer(8L << 20));
            }

            @Override
            public FilterAction onResponseBody(RequestContext ctx, BodyChunk body) {
                return FilterAction.CONTINUE;
            }
        };
    }

    int port() {
        return gateway.port();
    }

    /**
     * Within a bounded wait: no proxied exchange active, the cluster slot and the endpoint's
     * in-flight count given back, every upstream connection the origin still sees open parked in
     * the pool (a broken one is closed, never pooled), and no client connection left behind.
     */
    void assertNothingHeld(String after) {
        assertReleased(after, true);
    }

    /** As {@link #assertNothingHeld}, while a client connection may still be open (an HTTP/2 one after RST_STREAM). */
    void assertUpstreamReleased(String after) {
        assertReleased(after, false);
    }

    private void assertReleased(String after, boolean noClients) {
        MeterRegistry meters = gateway.gateway().meters();
        EndpointState endpoint = cluster.endpoints().getFirst();
        boolean settled = Waits.until(() -> gauge(meters, "jpraxis.upstream.exchanges.active") == 0
                && cluster.inFlight() == 0 && endpoint.inFlight() == 0
                && origin.openConnections() == gauge(meters, "jpraxis.upstream.pool.idle")
                && (!noClients || gateway.gateway().openConnections() == 0));
        assertThat(settled).as("after %s: active exchanges %s, cluster in flight %s, endpoint in flight %s, "
                + "origin connections open %s, pooled %s, client connections %s", after,
                gauge(meters, "jpraxis.upstream.exchanges.active"), cluster.inFlight(), endpoint.inFlight(),
                origin.openConnections(), gauge(meters, "jpraxis.upstream.pool.idle"),
                gateway.gateway().openConnections()).isTrue();
    }

    private static long gauge(MeterRegistry meters, String name) {
        return Math.round(meters.get(name).gauge().value());
    }

    @Override
    public void close() {
        try {
            gateway.close();
        } finally {
            origin.close();
        }
    }
}
