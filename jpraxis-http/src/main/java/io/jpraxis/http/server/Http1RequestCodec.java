package io.jpraxis.http.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.CombinedChannelDuplexHandler;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerUpgradeHandler;
import io.netty.handler.codec.http.HttpStatusClass;
import java.util.ArrayDeque;
import java.util.Queue;

/**
 * The HTTP/1.1 server codec of a client connection: {@link StrictRequestDecoder} and a response
 * encoder that knows which request each response answers, so a response to HEAD is sent without
 * a body (RFC 9110 9.3.2). Netty's own {@code HttpServerCodec} cannot take a custom decoder.
 */
final class Http1RequestCodec extends CombinedChannelDuplexHandler<StrictRequestDecoder, HttpResponseEncoder>
        implements HttpServerUpgradeHandler.SourceCodec {

    Http1RequestCodec(HttpDecoderConfig config) {
        Queue<HttpMethod> methods = new ArrayDeque<>(2);
        init(new StrictRequestDecoder(config, methods), new MethodAwareEncoder(methods));
    }

    /** Leaves the pipeline when the connection switches to HTTP/2 (Upgrade: h2c). */
    @Override
    public void upgradeFrom(ChannelHandlerContext ctx) {
        ctx.pipeline().remove(this);
    }

    /** Pairs each final response with the oldest request still unanswered. */
    private static final class MethodAwareEncoder extends HttpResponseEncoder {
        private final Queue<HttpMethod> methods;

        MethodAwareEncoder(Queue<HttpMethod> methods) {
            this.methods = methods;
        }

        @Override
        protected boolean isContentAlwaysEmpty(HttpResponse msg) {
            HttpResponseStatus status = msg.status();
            boolean interim = status.codeClass() == HttpStatusClass.INFORMATIONAL
                    && status.code() != HttpResponseStatus.SWITCHING_PROTOCOLS.code();
            // A 100 Continue does not answer the request; the final response that follows does.
            HttpMethod method = interim ? null : methods.poll();
            return HttpMethod.HEAD.equals(method) || super.isContentAlwaysEmpty(msg);
        }
    }
}
