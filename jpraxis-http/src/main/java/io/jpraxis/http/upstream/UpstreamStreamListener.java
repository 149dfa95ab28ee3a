package io.jpraxis.http.upstream;

import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;

/**
 * Receives one exchange's upstream events on the stream's event loop. Messages are handed over
 * with ownership (the listener releases or forwards them). Interim (1xx) responses are consumed by
 * the stream and never reach the listener, except a {@code 101}: it arrives as the head, nothing
 * follows it, and the listener either takes the connection over ({@link UpstreamStream#switchProtocols})
 * or aborts the stream.
 */
public interface UpstreamStreamListener {

    /** The final response head. Its body follows as {@link #onResponseContent} calls. */
    void onResponseHead(HttpResponse head);

    /** A body piece; the last one is a {@link io.netty.handler.codec.http.LastHttpContent}. */
    void onResponseContent(HttpContent content);

    /** The stream delivered what one transport read produced: a good moment to flush downstream. */
    void onReadComplete();

    /** The stream's outbound side became writable again after {@link UpstreamStream#isWritable()} was false. */
    void onWritable();

    /** The exchange failed; the stream is already closed and must not be used again. Called at most once. */
    void onFailure(UpstreamFailure failure);
}
