package io.jpraxis.http.encoding;

import io.jpraxis.core.context.ResponseCompression;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One response's encoding at the edge, after every response-body hook: {@link #head} decides from
 * the response head and the request's {@code Accept-Encoding}; then each body piece is replaced by
 * what the encoder produced for it (flushed, so a stream stays incremental), and the last piece
 * carries the encoder's trailer. The exchange makes one through {@link #begin} for each response
 * whose request a {@code compression} filter marked (see docs/reference/filters/compression.md).
 */
public final class ResponseEncoding {
    private final EncodingPolicy policy;
    private final String acceptEncoding;
    private StreamEncoder encoder;

    public ResponseEncoding(EncodingPolicy policy, String acceptEncoding) {
        this.policy = policy;
        this.acceptEncoding = acceptEncoding;
    }

    /**
     * The encoding of {@code response}, its head already rewritten, or null when it stays as it is:
     * no compression was asked for, a HEAD request (no body to encode), or the head or the
     * client's {@code Accept-Encoding} rules it out.
     */
    public static ResponseEncoding begin(ResponseCompression ask, HttpRequest request, HttpResponse response) {
        if (ask == null || HttpMethod.HEAD.equals(request.method())) {
            return null;
        }
        Map<Coding, Integer> levels = new EnumMap<>(Coding.class);
        levels.put(Coding.GZIP, ask.gzipLevel());
        levels.put(Coding.BROTLI, ask.brotliLevel());
        levels.put(Coding.ZSTD, ask.zstdLevel());
        EncodingPolicy policy = new EncodingPolicy(levels, ask.minSizeBytes(), new ContentTypes(ask.contentTypes()));
        ResponseEncoding encoding = new ResponseEncoding(policy,
                request.headers().get(HttpHeaderNames.ACCEPT_ENCODING));
        return encoding.head(response) ? encoding : null;
    }

    /** Decides on a final response head and rewrites its headers when encoding; returns whether it encodes. */
    public boolean head(HttpResponse response) {
        HttpHeaders headers = response.headers();
        int status = response.status().code();
        if (status < 200) {
            return false;
        }
        if (status != 206 && status != 204 && status != 304) {
            headers.add(HttpHeaderNames.VARY, HttpHeaderNames.ACCEPT_ENCODING);
        }
        String refusal = EncodingEligibility.refusal(status, headers.get(HttpHeaderNames.CONTENT_ENCODING),
                headers.get(HttpHeaderNames.CONTENT_RANGE), headers.get(HttpHeaderNames.CACHE_CONTROL),
                headers.get(HttpHeaderNames.CONTENT_TYPE), headers.get(HttpHeaderNames.CONTENT_LENGTH),
                policy.minSizeBytes(), policy.contentTypes());
        if (refusal != null) {
            return false;
        }
        Set<Coding> enabled = policy.enabled();
        Optional<Coding> coding = AcceptEncoding.choose(acceptEncoding, enabled);
        if (coding.isEmpty()) {
            return false;
        }
        encoder = StreamEncoder.open(coding.get(), policy.level(coding.get()));
        headers.set(HttpHeaderNames.CONTENT_ENCODING, coding.get().token());
        headers.remove(HttpHeaderNames.CONTENT_LENGTH);
        HttpUtil.setTransferEncodingChunked(response, true);
        return true;
    }

    /** Whether the body is being encoded. */
    public boolean active() {
        return encoder != null;
    }

    /** The encoded replacement of a body piece (the piece is released). */
    public HttpContent piece(HttpContent content, ByteBufAllocator alloc) {
        byte[] out = encode(content.content());
        content.release();
        return new DefaultHttpContent(wrap(out, alloc));
    }

    /** The encoded last piece: the piece's bytes and the encoder's trailer, with the trailers kept. */
    public LastHttpContent last(LastHttpContent last, ByteBufAllocator alloc) {
        byte[] out = encode(last.content());
        byte[] tail = encoder.finish();
        HttpHeaders trailers = last.trailingHeaders().copy();
        last.release();
        ByteBuf buf = alloc.buffer(out.length + tail.length).writeBytes(out).writeBytes(tail);
        DefaultLastHttpContent encoded = new DefaultLastHttpContent(buf);
        encoded.trailingHeaders().set(trailers);
        encoder = null;
        return encoded;
    }

    /** Frees the codec when the exchange ends early. */
    public void abandon() {
        if (encoder != null) {
            encoder.close();
            encoder = null;
        }
    }

    private byte[] encode(ByteBuf content) {
        if (!content.isReadable()) {
            return new byte[0];
        }
        byte[] bytes = ByteBufUtil.getBytes(content);
        return encoder.encode(bytes, 0, bytes.length);
    }

    private static ByteBuf wrap(byte[] bytes, ByteBufAllocator alloc) {
        return bytes.length == 0 ? Unpooled.EMPTY_BUFFER : alloc.buffer(bytes.length).writeBytes(bytes);
    }
}
