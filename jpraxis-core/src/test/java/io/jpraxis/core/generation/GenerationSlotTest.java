package io.jpraxis.core.generation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigRevision;
import io.jpraxis.config.model.AdminConfig;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.GatewayConfig;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.model.ListenerConfig;
import io.jpraxis.config.model.RuntimeConfig;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.upstream.ClusterStates;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Reference counting of config generations: a request keeps the one it started on, the last one out closes it. */
class GenerationSlotTest {
    private final List<String> closed = new ArrayList<>();

    private static CompiledGateway gateway(String... listeners) {
        List<ListenerConfig> configs = new ArrayList<>();
        List<CompiledGateway.Listener> compiled = new ArrayList<>();
        for (String name : listeners) {
            ListenerConfig l = new ListenerConfig(name, new HostPort("127.0.0.1", 0), ListenerConfig.ListenerProtocol.HTTP,
                    List.of(), null, null, null, null, SourceRef.synthetic("listener"));
            configs.add(l);
            compiled.add(new CompiledGateway.Listener(l, new CompiledPipeline(name, List.of())));
        }
        GatewayConfig config = new GatewayConfig(configs, List.of(), List.of(), BodyLimits.DEFAULT, AdminConfig.DISABLED,
                RuntimeConfig.DEFAULT, InsecureOptions.NONE, 30);
        return new CompiledGateway(config, FeatureSet.NONE, compiled, new ClusterStates());
    }

    private Generation generation(String name) {
        ConfigRevision revision = ConfigRevision.of(name.getBytes(StandardCharsets.UTF_8), Instant.EPOCH);
        return new Generation(gateway("main"), revision).onClose(() -> closed.add(name));
    }

    @Test
    void requestsKeepTheGenerationTheyStartedOnAndTheLastOneClosesIt() {
        Generation first = generation("first");
        GenerationSlot slot = new GenerationSlot(first);
        Generation a = slot.acquire();
        Generation b = slot.acquire();

        Generation second = generation("second");
        assertThat(slot.swap(second)).as("swap hands back the replaced generation").isSameAs(first);
        assertThat(slot.acquire()).as("a request starting after the swap takes the new generation").isSameAs(second);
        assertThat(a).isSameAs(first);

        a.release();
        assertThat(closed).as("one request of the old generation still runs").isEmpty();
        assertThat(first.inFlight()).isEqualTo(1);
        b.release();
        assertThat(closed).as("the last request out closes the old generation").containsExactly("first");
        assertThat(first.closed()).isTrue();
        assertThat(second.closed()).as("the serving generation stays open").isFalse();
        assertThat(slot.openGenerations()).isEqualTo(1);
        assertThat(slot.closedGenerations()).isEqualTo(1);
    }

    @Test
    void aGenerationWithNoRequestClosesAtTheSwap() {
        GenerationSlot slot = new GenerationSlot(generation("first"));
        slot.swap(generation("second"));
        slot.swap(generation("third"));

        assertThat(closed).as("idle generations close as soon as they are replaced").containsExactly("first", "second");
        assertThat(slot.current().revision().orElseThrow().sha256())
                .isEqualTo(ConfigRevision.sha256("third".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void closeHooksRunOnTheCloserNotOnTheReleasingThread() throws Exception {
        ExecutorService closer = Executors.newSingleThreadExecutor(Thread.ofPlatform().name("closer-under-test").factory());
        try {
            List<String> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
            Generation first = new Generation(gateway("main"), null)
                    .onClose(() -> threads.add(Thread.currentThread().getName()));
            GenerationSlot slot = new GenerationSlot(first, closer);
            Generation held = slot.acquire();
            slot.swap(new Generation(gateway("main"), null));
            held.release();
            closer.shutdown();
            assertThat(closer.awaitTermination(5, TimeUnit.SECONDS)).isTrue();

            assertThat(threads).as("filters close off the thread that ended the request")
                    .containsExactly("closer-under-test");
        } finally {
            closer.shutdownNow();
        }
    }

    @Test
    void shutdownClosesEveryOpenGenerationOnceEvenWithRequestsStillHoldingThem() {
        GenerationSlot slot = new GenerationSlot(generation("first"));
        Generation stuck = slot.acquire();
        slot.swap(generation("second"));
        Generation alsoStuck = slot.acquire();

        slot.shutdown();
        assertThat(closed).as("after the drain nothing is left open").containsExactlyInAnyOrder("first", "second");

        stuck.release();
        alsoStuck.release();
        assertThat(closed).as("a late release does not close twice").hasSize(2);
        assertThat(slot.openGenerations()).isZero();
    }

    @Test
    void aRequestArrivingAfterShutdownIsRefusedRatherThanSpinning() {
        GenerationSlot slot = new GenerationSlot(generation("first"));
        slot.shutdown();

        assertThatThrownBy(slot::acquire).isInstanceOf(IllegalStateException.class).hasMessageContaining("shut down");
    }

    @Test
    void aHookAddedAfterCloseRunsAtOnce() {
        GenerationSlot slot = new GenerationSlot(generation("first"));
        Generation first = slot.current();
        slot.swap(generation("second"));
        AtomicInteger late = new AtomicInteger();

        first.onClose(late::incrementAndGet);

        assertThat(late).as("the generation had already closed").hasValue(1);
    }

    @Test
    void releasingMoreThanAcquiredIsAProgrammingError() {
        GenerationSlot slot = new GenerationSlot(generation("first"));
        Generation g = slot.acquire();
        g.release();
        slot.swap(generation("second"));

        assertThatThrownBy(g::release).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void pipelineIsFoundByListenerNameWhateverTheOrder() {
        CompiledGateway twoListeners = gateway("b", "a");
        Generation g = new Generation(twoListeners, null);

        assertThat(g.pipeline("a").listener()).isEqualTo("a");
        assertThat(g.serves("c")).isFalse();
        assertThatThrownBy(() -> g.pipeline("c")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("listener c");
    }

    @Test
    void concurrentRequestsAcrossManySwapsCloseEveryReplacedGenerationExactlyOnce() throws Exception {
        AtomicLong closes = new AtomicLong();
        GenerationSlot slot = new GenerationSlot(new Generation(gateway("main"), null).onClose(closes::incrementAndGet));
        int threads = 4;
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Integer>> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                workers.add(pool.submit(() -> {
                    go.await();
                    int served = 0;
                    for (int i = 0; i < 20_000; i++) {
                        Generation g = slot.acquire();
                        assertThat(g.closed()).as("a request never runs on a closed generation").isFalse();
                        g.release();
                        served++;
                    }
                    return served;
                }));
            }
            go.countDown();
            int swaps = 500;
            for (int i = 0; i < swaps; i++) {
                slot.swap(new Generation(gateway("main"), null).onClose(closes::incrementAndGet));
            }
            for (Future<Integer> w : workers) {
                assertThat(w.get(30, TimeUnit.SECONDS)).isEqualTo(20_000);
            }
            assertThat(closes).as("every replaced generation closed once, the serving one not").hasValue(swaps);
            assertThat(slot.openGenerations()).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }
}
