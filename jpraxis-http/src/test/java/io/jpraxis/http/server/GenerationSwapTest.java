package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.config.model.HealthCheckConfig;
import io.jpraxis.config.model.HealthCheckConfig.HealthCheckType;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.generation.Generation;
import io.jpraxis.core.generation.GenerationSlot;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.upstream.ClusterStates;
import io.jpraxis.http.testing.TestCluster;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A reload as the edge sees it: one atomic switch, requests pinned to the generation they started on. */
@Timeout(30)
class GenerationSwapTest {
    private static final RuntimeServices SERVICES = new RuntimeServices(Clock.systemUTC(),
            RandomGenerator.of("L64X128MixRandom"), IdGenerator.sequential("req"));
    private final List<String> closed = new CopyOnWriteArrayList<>();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private HttpGateway http;

    @AfterEach
    void stop() {
        if (http != null) {
            http.stop(Duration.ofSeconds(2));
        }
    }

    private static CompiledGateway forwardingTo(TestOrigin origin, HttpFilter... before) {
        TestGateway.Builder builder = TestGateway.builder();
        for (HttpFilter f : before) {
            builder.filter(f);
        }
        return builder.filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).compile();
    }

    private Generation generation(String name, CompiledGateway gateway) {
        return new Generation(gateway, null).onClose(() -> closed.add(name));
    }

    private GenerationSlot serve(Generation first) {
        GenerationSlot slot = new GenerationSlot(first);
        http = new HttpGateway(slot, SERVICES, Transport.select(), meters).start();
        return slot;
    }

    @Test
    void aRunningRequestFinishesOnItsGenerationWhileNewOnesTakeTheNext() throws IOException {
        try (TestOrigin before = TestOrigin.start("before"); TestOrigin after = TestOrigin.start("after")) {
            Generation first = generation("first", forwardingTo(before));
            GenerationSlot slot = serve(first);
            int port = http.port("main");
            try (RawHttpConnection held = RawHttpConnection.open(port)) {
                held.send("GET /held HTTP/1.1\r\nHost: test\r\n" + OriginCommands.EVENTS + ": 2\r\n\r\n");
                assertThat(held.readResponseHead().header(OriginCommands.ORIGIN_NAME)).isEqualTo("before");

                http.swap(generation("second", forwardingTo(after)));

                try (RawHttpConnection other = RawHttpConnection.open(port)) {
                    assertThat(other.get("/fresh").header(OriginCommands.ORIGIN_NAME))
                            .as("a new request takes the new pipeline").isEqualTo("after");
                }
                assertThat(first.inFlight()).as("the held request still runs on the first generation").isEqualTo(1);
                assertThat(closed).as("not closed while a request holds it").isEmpty();

                before.releaseHeldEvents();
                while (held.readChunk().length > 0) {
                    // the rest of the held response, still from the first generation's origin
                }
                assertThat(Waits.until(() -> closed.contains("first")))
                        .as("the first generation closes when its last request ends").isTrue();
                // The fresh request's exchange ends just after its last byte reached the client.
                assertThat(Waits.until(() -> slot.current().inFlight() == 0))
                        .as("the second generation holds nothing once its request ended").isTrue();
                RawResponse again = held.get("/same-connection");
                assertThat(again.header(OriginCommands.ORIGIN_NAME))
                        .as("a kept-alive connection's next request takes the new pipeline").isEqualTo("after");
            }
            assertThat(closed).as("the serving generation stays open").containsExactly("first");
        }
    }

    @Test
    void healthProbesAndGaugesFollowTheServingGeneration() {
        try (TestOrigin origin = TestOrigin.start("o")) {
            HealthCheckConfig check = new HealthCheckConfig(HealthCheckType.HTTP, "/", 200, 60_000, 1000, 1, 1, null,
                    null, "");
            ClusterStates one = new ClusterStates();
            one.stateFor(TestCluster.named("api").endpoint(origin).healthCheck(check).build());
            one.seal();
            CompiledGateway base = forwardingTo(origin);
            serve(generation("first", new CompiledGateway(base.config(), base.features(), base.listeners(), one)));
            assertThat(Waits.until(() -> origin.requestCount() == 1)).as("the first generation's probe").isTrue();

            ClusterStates two = new ClusterStates();
            two.stateFor(TestCluster.named("api").endpoint(origin).endpoint("127.0.0.1", TestOrigin.unusedPort())
                    .healthCheck(check).build());
            two.seal();
            http.swap(generation("second", new CompiledGateway(base.config(), base.features(), base.listeners(), two)));

            assertThat(Waits.until(() -> origin.requestCount() == 2)).as("the new generation probes at once").isTrue();
            assertThat(Waits.until(() -> meters.get("jpraxis.health.healthy_endpoints").tag("cluster", "api").gauge()
                    .value() == 1.0)).as("the gauge reads the new cluster (one of its two endpoints refuses)").isTrue();
            assertThat(meters.find("jpraxis.health.healthy_endpoints").gauges()).as("one gauge per cluster").hasSize(1);
        }
    }

    @Test
    void failedExchangeEndHooksKeepCountingAcrossASwap() throws IOException {
        HttpFilter throwing = new TestFilters.Simple("throwing_log") {
            @Override
            public void onLog(RequestContext ctx, ExchangeSummary summary) {
                throw new IllegalStateException("log hook failure under test");
            }
        };
        try (TestOrigin origin = TestOrigin.start("o")) {
            GenerationSlot slot = serve(generation("first", forwardingTo(origin, throwing)));
            int port = http.port("main");
            try (RawHttpConnection client = RawHttpConnection.open(port)) {
                client.get("/1");
                client.get("/2");
                http.swap(generation("second", forwardingTo(origin, throwing)));
                client.get("/3");
            }
            assertThat(Waits.until(() -> slot.logHookFailures("main") == 3))
                    .as("failures of the closed generation still count").isTrue();
            assertThat(meters.get("jpraxis.filter.log.failures").tag("listener", "main").functionCounter().count())
                    .isEqualTo(3.0);
        }
    }

    @Test
    void aGenerationForOtherListenersIsRefusedAndNothingChanges() {
        try (TestOrigin origin = TestOrigin.start("o")) {
            GenerationSlot slot = serve(generation("first", forwardingTo(origin)));
            Generation serving = slot.current();
            CompiledGateway noListeners = new CompiledGateway(serving.gateway().config(), serving.gateway().features(),
                    List.of(), new ClusterStates());

            assertThatThrownBy(() -> http.swap(new Generation(noListeners, null)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs a restart");
            assertThat(slot.current()).isSameAs(serving);
        }
    }
}
