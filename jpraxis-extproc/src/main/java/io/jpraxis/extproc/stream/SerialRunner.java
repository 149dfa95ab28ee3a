package io.jpraxis.extproc.stream;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs one stream's tasks one at a time, in order, on whichever thread submits while none is
 * running. gRPC's callbacks and an asynchronous filter's completion may arrive on different
 * threads; through this the stream's state is only ever touched by one of them at a time, with
 * no lock held and no thread parked.
 */
final class SerialRunner {
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicInteger pending = new AtomicInteger();

    void run(Runnable task) {
        tasks.add(task);
        if (pending.getAndIncrement() != 0) {
            return; // the running thread will get to it
        }
        do {
            tasks.poll().run();
        } while (pending.decrementAndGet() != 0);
    }
}
