package io.jpraxis.http.upstream;

import io.jpraxis.http.support.KnownHeaderNames;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.CombinedChannelDuplexHandler;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestEncoder;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.util.AsciiString;
import java.util.ArrayDeque;
import java.util.Queue;

/**
 * The codec of an upstream HTTP/1.1 connection: Netty's request encoder and response decoder,
 * paired through the methods of the requests sent, so that a response to HEAD is read without a
 * body. It stands in for Netty's {@code HttpClientCodec}, whose decoder cannot be extended, so the
 * decoder can take the header names and status-line words that nearly every response repeats from
 * shared tables ({@link KnownHeaderNames}, {@link StatusLineWords}) instead of copying each one.
 * The gateway never sends CONNECT; after a 101 to a WebSocket upgrade Netty's decoder passes what
 * follows as raw bytes, and the codec leaves the pipeline ({@link Http1Connection#switchProtocols}).
 */
final class Http1ClientCodec extends CombinedChannelDuplexHandler<Http1ClientCodec.ResponseDecoder, Http1ClientCodec.RequestEncoder> {

    Http1ClientCodec(HttpDecoderConfig config) {
        Queue<HttpMethod> methods = new ArrayDeque<>(2);
        init(new ResponseDecoder(config, methods), new RequestEncoder(methods));
    }

    /** Notes the method of each request head it writes, for the decoder. */
    static final class RequestEncoder extends HttpRequestEncoder {
        private final Queue<HttpMethod> methods;

        RequestEncoder(Queue<HttpMethod> methods) {
            this.methods = methods;
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
            if (msg instanceof HttpRequest request) {
                methods.offer(request.method());
            }
            super.write(ctx, msg, promise);
        }
    }

    /** Pairs each final response with the oldest request it has not answered yet. */
    static final class ResponseDecoder extends HttpResponseDecoder {
        private final Queue<HttpMethod> methods;

        ResponseDecoder(HttpDecoderConfig config, Queue<HttpMethod> methods) {
            super(config);
            this.methods = methods;
        }

        @Override
        protected boolean isContentAlwaysEmpty(HttpMessage msg) {
            int code = ((HttpResponse) msg).status().code();
            // An interim response (100 Continue, 103 Early Hints...) answers no request by itself.
            boolean interim = code >= 100 && code < 200 && code != 101;
            HttpMethod method = interim ? null : methods.poll();
            return HttpMethod.HEAD.equals(method) || super.isContentAlwaysEmpty(msg);
        }

        @Override
        protected AsciiString splitHeaderName(byte[] sb, int start, int length) {
            AsciiString known = KnownHeaderNames.find(sb, start, length);
            return known != null ? known : super.splitHeaderName(sb, start, length);
        }

        @Override
        protected String splitFirstWordInitialLine(byte[] sb, int start, int length) {
            String known = StatusLineWords.find(sb, start, length);
            return known != null ? known : super.splitFirstWordInitialLine(sb, start, length);
        }

        @Override
        protected String splitSecondWordInitialLine(byte[] sb, int start, int length) {
            String known = StatusLineWords.find(sb, start, length);
            return known != null ? known : super.splitSecondWordInitialLine(sb, start, length);
        }

        @Override
        protected String splitThirdWordInitialLine(byte[] sb, int start, int length) {
            String known = StatusLineWords.find(sb, start, length);
            return known != null ? known : super.splitThirdWordInitialLine(sb, start, length);
        }
    }
}
