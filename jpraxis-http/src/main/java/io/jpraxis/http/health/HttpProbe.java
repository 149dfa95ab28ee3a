package io.jpraxis.http.health;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpVersion;

/**
 * {@code type: http} (see docs/behaviour/clusters.md#health-checks): a plaintext {@code GET <path>}
 * with {@code Host: health-check} and {@code Connection: close}; healthy when the status equals
 * {@code expected_status}. Only the response head is read: the connection is closed as soon as the
 * status is known.
 */
final class HttpProbe implements ProbeRun.Exchange {
    /** The fixed Host header of every probe, so origins can tell probes from traffic. */
    static final String HOST = "health-check";

    private final String path;
    private final int expectedStatus;

    HttpProbe(String path, int expectedStatus) {
        this.path = path;
        this.expectedStatus = expectedStatus;
    }

    @Override
    public void initChannel(Channel channel, ProbeRun run) {
        channel.pipeline().addLast("codec", new HttpClientCodec());
        channel.pipeline().addLast("probe", new SimpleChannelInboundHandler<HttpObject>() {
            @Override
            protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
                if (msg.decoderResult().isFailure()) {
                    run.finish(new ProbeResult.Failed("malformed response: "
                            + ProbeRun.describe(msg.decoderResult().cause())));
                } else if (msg instanceof HttpResponse response) {
                    int status = response.status().code();
                    run.finish(status == expectedStatus ? ProbeResult.PASSED
                            : new ProbeResult.Failed("status " + status + " (expected: " + expectedStatus + ")"));
                }
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) {
                run.finish(new ProbeResult.Failed("connection closed before a response"));
            }

            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                run.finish(new ProbeResult.Failed(ProbeRun.describe(cause)));
            }
        });
    }

    @Override
    public void connected(Channel channel, ProbeRun run) {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, path);
        request.headers().set(HttpHeaderNames.HOST, HOST);
        request.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        channel.writeAndFlush(request).addListener(f -> {
            if (!f.isSuccess()) {
                run.finish(new ProbeResult.Failed("request not sent: " + ProbeRun.describe(f.cause())));
            }
        });
    }
}
