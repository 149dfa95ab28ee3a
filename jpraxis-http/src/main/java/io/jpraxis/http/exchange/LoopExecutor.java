package io.jpraxis.http.exchange;

import io.netty.channel.EventLoop;
import java.util.concurrent.Executor;

/** Runs a task on a request's event loop: at once when already on it, else queued there. */
record LoopExecutor(EventLoop loop) implements Executor {
    @Override
    public void execute(Runnable task) {
        if (loop.inEventLoop()) {
            task.run();
        } else {
            loop.execute(task);
        }
    }
}
