package io.jpraxis.http.testing;

import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.upstream.UpstreamConnector;
import io.jpraxis.http.upstream.UpstreamFailure;
import io.jpraxis.http.upstream.UpstreamStream;
import io.jpraxis.http.upstream.UpstreamStreamListener;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** An in-memory {@link UpstreamConnector}: tests script what each acquired stream does. */
public final class FakeUpstream implements UpstreamConnector {
    private final Deque<Boolean> reusedFlags = new ArrayDeque<>();
    private final List<Stream> streams = new ArrayList<>();
    private final List<Boolean> freshRequests = new ArrayList<>();
    private UpstreamFailure acquireFailure;
    private boolean deferAcquire;
    private final Deque<Runnable> deferred = new ArrayDeque<>();

    /** The next acquisitions hand out streams marked reused (as if from a pool). */
    public FakeUpstream reusedNext(boolean... reused) {
        for (boolean r : reused) {
            reusedFlags.add(r);
        }
        return this;
    }

    public FakeUpstream failAcquire(UpstreamFailure failure) {
        this.acquireFailure = failure;
        return this;
    }

    /** Acquisitions wait for {@link #completeDeferred()}, like a connect still under way. */
    public FakeUpstream deferAcquire() {
        this.deferAcquire = true;
        return this;
    }

    /** Completes every waiting acquisition, in order, as scripted (a stream or the failure). */
    public void completeDeferred() {
        Runnable next;
        while ((next = deferred.poll()) != null) {
            next.run();
        }
    }

    @Override
    public void acquire(UpstreamTarget target, EventLoop loop, boolean fresh, AcquireCallback callback) {
        freshRequests.add(fresh);
        if (deferAcquire) {
            deferred.add(() -> complete(loop, callback));
            return;
        }
        complete(loop, callback);
    }

    private void complete(EventLoop loop, AcquireCallback callback) {
        if (acquireFailure != null) {
            callback.onAcquireFailed(acquireFailure);
            return;
        }
        Stream stream = new Stream(loop, !reusedFlags.isEmpty() && reusedFlags.poll());
        streams.add(stream);
        callback.onAcquired(stream);
    }

    public List<Stream> streams() {
        return streams;
    }

    public Stream last() {
        return streams.getLast();
    }

    /** Whether each acquisition asked for a fresh (non-pooled) stream. */
    public List<Boolean> freshRequests() {
        return freshRequests;
    }

    @Override
    public void close() {
    }

    /** One scripted exchange: records what the gateway wrote, lets the test answer. */
    public static final class Stream implements UpstreamStream {
        private final EventLoop loop;
        private final boolean reused;
        private final List<HttpObject> written = new ArrayList<>();
        private final StringBuilder body = new StringBuilder();
        private UpstreamStreamListener listener;
        private boolean writable = true;
        private int reads;
        private boolean requestSent;
        private boolean released;
        private boolean aborted;

        Stream(EventLoop loop, boolean reused) {
            this.loop = loop;
            this.reused = reused;
        }

        public List<HttpObject> written() {
            return written;
        }

        /** The request body bytes written so far, as ISO-8859-1 text. */
        public String bodyText() {
            return body.toString();
        }

        public UpstreamStreamListener listener() {
            return listener;
        }

        public void writable(boolean now) {
            this.writable = now;
            if (now && listener != null) {
                listener.onWritable();
            }
        }

        public int reads() {
            return reads;
        }

        public boolean wasRequestSent() {
            return requestSent;
        }

        public boolean released() {
            return released;
        }

        public boolean aborted() {
            return aborted;
        }

        @Override
        public EventLoop eventLoop() {
            return loop;
        }

        @Override
        public void bind(UpstreamStreamListener l) {
            this.listener = l;
        }

        @Override
        public boolean reused() {
            return reused;
        }

        @Override
        public void write(HttpObject message) {
            written.add(message);
            if (message instanceof HttpContent content) {
                // Read before releasing: a piece whose buffer was already freed fails right here.
                body.append(content.content().toString(StandardCharsets.ISO_8859_1));
            }
            ReferenceCountUtil.release(message);
        }

        @Override
        public void flush() {
        }

        @Override
        public boolean isWritable() {
            return writable;
        }

        @Override
        public void read() {
            reads++;
        }

        @Override
        public void requestSent() {
            requestSent = true;
        }

        @Override
        public void release() {
            released = true;
        }

        @Override
        public void abort() {
            aborted = true;
        }
    }
}
