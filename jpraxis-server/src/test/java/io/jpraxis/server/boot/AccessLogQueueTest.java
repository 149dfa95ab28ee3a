package io.jpraxis.server.boot;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import ch.qos.logback.core.read.ListAppender;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.DefaultEventLoop;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The access-log queue in front of a sink that stalls, as stdout does when its reader is slow: an
 * event loop is never made to wait, what it could not queue is counted and reported, and the
 * lines kept come out in order once the sink moves again.
 */
@Timeout(30)
class AccessLogQueueTest {
    private static final int LINES = 4;
    private final LoggerContext context = new LoggerContext();
    private final StallingSink sink = new StallingSink();
    private final DefaultEventLoop loop = new DefaultEventLoop();
    private final ListAppender<ILoggingEvent> warnings = new ListAppender<>();
    private AccessLogQueue queue;
    private Logger access;

    @AfterEach
    void stop() {
        sink.resume.countDown();
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        context.stop();
    }

    private void start() {
        context.setMDCAdapter(new LogbackMDCAdapter()); // which the process's context gets from its provider
        sink.setContext(context);
        sink.start();
        queue = new AccessLogQueue(sink, LINES, AccessLogQueue::offEventLoop, 5000);
        queue.setContext(context);
        queue.setName("TEST-ACCESS");
        queue.start();
        access = context.getLogger("access");
        access.setAdditive(false);
        access.addAppender(queue);
        warnings.setContext(context);
        warnings.start();
        context.getLogger(AccessLogQueue.class).addAppender(warnings);
    }

    /** Logs line 0 and waits until the writer is stuck writing it, so the queue itself is empty. */
    private void stallTheSink() throws InterruptedException {
        access.info("line 0");
        assertThat(sink.entered.await(10, TimeUnit.SECONDS)).as("the writer thread took line 0").isTrue();
    }

    @Test
    void anEventLoopIsNeverMadeToWaitAndItsOverflowIsCountedThenTheKeptLinesComeOutInOrder() throws Exception {
        start();
        stallTheSink();

        Future<?> burst = loop.submit(() -> IntStream.rangeClosed(1, 10).forEach(i -> access.info("line {}", i)));

        burst.get(10, TimeUnit.SECONDS); // throws if the event loop were waiting for room
        assertThat(queue.dropped()).as("4 queued, 6 over the %d-line queue", LINES).isEqualTo(6);
        sink.resume.countDown();
        queue.stop();
        assertThat(sink.lines).as("line 0 and the four that fitted, in the order they were logged")
                .containsExactly("line 0", "line 1", "line 2", "line 3", "line 4");
        assertThat(warnings.list).as("the writer thread reports the drops, with their count").singleElement()
                .satisfies(w -> assertThat(w.getFormattedMessage()).contains("TEST-ACCESS: 6 lines dropped"));
    }

    @Test
    void aCallerOffTheEventLoopWaitsForRoomAndLosesNothing() throws Exception {
        start();
        stallTheSink();
        CountDownLatch logged = new CountDownLatch(1);
        Thread caller = Thread.ofPlatform().start(() -> {
            IntStream.rangeClosed(1, 6).forEach(i -> access.info("line {}", i));
            logged.countDown();
        });

        assertThat(logged.await(300, TimeUnit.MILLISECONDS)).as("a full queue holds an ordinary thread").isFalse();
        sink.resume.countDown();
        caller.join(10_000);
        queue.stop();
        assertThat(queue.dropped()).isZero();
        assertThat(sink.lines).containsExactly("line 0", "line 1", "line 2", "line 3", "line 4", "line 5", "line 6");
    }

    @Test
    void theServingRegistryCountsEachQueuesDrops() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();

        LoggingDefaults.registerMetrics(meters);

        for (String log : List.of("access", "extproc")) {
            assertThat(meters.find(LoggingDefaults.DROPPED_METER).tag("log", log).functionCounter())
                    .as("the %s queue's drops are in /metrics", log).isNotNull()
                    .extracting(FunctionCounter::count).isEqualTo(0.0);
        }
    }

    @Test
    void nettyAndGrpcEventLoopThreadsAreRecognised() throws Exception {
        assertThat(loop.submit(AccessLogQueue::offEventLoop).get(10, TimeUnit.SECONDS)).isFalse();
        assertThat(EventLoopThreads.is(io.grpc.netty.shaded.io.netty.util.concurrent.FastThreadLocalThread.class))
                .as("the ext_proc server's loops run on gRPC's relocated copy").isTrue();
        assertThat(AccessLogQueue.offEventLoop()).as("a test's own thread may wait").isTrue();
    }

    /** A sink that holds the first line it is given until released, as a pipe nobody reads. */
    private static final class StallingSink extends UnsynchronizedAppenderBase<ILoggingEvent> {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch resume = new CountDownLatch(1);
        final List<String> lines = new CopyOnWriteArrayList<>();

        @Override
        protected void append(ILoggingEvent event) {
            entered.countDown();
            try {
                resume.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            lines.add(event.getFormattedMessage());
        }
    }
}
