package io.jpraxis.http.server;

import io.jpraxis.http.exchange.UpgradeRequests;
import io.jpraxis.http.support.KnownHeaderNames;
import io.jpraxis.http.support.SmallTrailers;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AsciiString;
import io.netty.util.ReferenceCountUtil;
import java.util.List;
import java.util.Queue;

/**
 * Netty's request decoder in its strictest setting, plus the one smuggling defence it lacks: a
 * header line that starts with SP or HTAB (obsolete line folding, RFC 9112 5.2) is refused instead
 * of joined to the line before, since a front proxy that reads it differently would disagree on the
 * message. Netty itself refuses the rest (checked by {@code SmugglingDefenceTest}): Content-Length
 * with Transfer-Encoding, repeated or list-valued or non-numeric Content-Length, CTL or NUL in
 * values, non-token names, bare CR and bare LF. Versions other than HTTP/1.0 and HTTP/1.1
 * (spelt in capitals) are refused here as well.
 *
 * <p>Also records each request's method for the response encoder (HEAD responses have no body)
 * and fires {@link #HEAD_STARTED} when the first byte of a request line arrives, which starts the
 * header-read deadline.
 */
final class StrictRequestDecoder extends HttpRequestDecoder {
    /** Fired once per request head, when its first byte (other than a leading empty line) arrives. */
    static final Object HEAD_STARTED = new Object() {
        @Override
        public String toString() {
            return "HEAD_STARTED";
        }
    };

    private final Queue<HttpMethod> methods;
    /** Between requests or inside a head (not yet emitted). */
    private boolean inHead = true;
    private boolean headStarted;
    /** The request line of the current head was consumed: unread bytes start a header line. */
    private boolean requestLineDone;
    /** After a refused message everything is discarded until the connection closes. */
    private boolean broken;
    /** The current request offers a WebSocket upgrade: its end is the last HTTP this decoder reads. */
    private boolean upgradeOffered;
    /**
     * Past a WebSocket upgrade request nothing is parsed: the bytes that follow are the tunnel's
     * if the origin switches (they stay here and pass on when the codec leaves), and the
     * connection closes after the answer if it does not (see docs/behaviour/websocket.md).
     */
    private boolean held;

    StrictRequestDecoder(HttpDecoderConfig config, Queue<HttpMethod> methods) {
        super(config);
        this.methods = methods;
    }

    /** The strict configuration: RFC 9112 framing rules, validated names and values, CRLF only. */
    static HttpDecoderConfig strictConfig(int maxInitialLine, int maxHeaderBlock, int maxChunk) {
        return new HttpDecoderConfig()
                .setMaxInitialLineLength(maxInitialLine)
                .setMaxHeaderSize(maxHeaderBlock)
                .setMaxChunkSize(maxChunk)
                .setStrictLineParsing(true)
                .setUseRfc9112TransferEncoding(true)
                .setAllowDuplicateContentLengths(false)
                .setHeadersFactory(DefaultHttpHeadersFactory.headersFactory().withValidation(true)
                        .withValueValidation(true))
                .setTrailersFactory(SmallTrailers.factory());
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws Exception {
        if (held) {
            return;
        }
        if (broken) {
            in.skipBytes(in.readableBytes());
            return;
        }
        if (inHead && in.isReadable()) {
            if (!headStarted && startsARequest(in)) {
                headStarted = true;
                ctx.fireUserEventTriggered(HEAD_STARTED);
            }
            if (foldsALine(in, requestLineDone)) {
                broken = true;
                in.skipBytes(in.readableBytes());
                HttpMessage refused = createInvalidMessage();
                refused.setDecoderResult(DecoderResult.failure(
                        new IllegalArgumentException("obsolete line folding (expected: no header line starting with SP or HTAB)")));
                methods.add(HttpMethod.GET);
                out.add(refused);
                return;
            }
        }
        int emitted = out.size();
        int start = in.readerIndex();
        super.decode(ctx, in, out);
        track(in, start, out, emitted);
        endAtRefusal(out, emitted);
    }

    /**
     * Keeps nothing after a refused message and discards the rest of the connection. Netty, having
     * refused a head, may still emit a refused content part in the same read but not in a later
     * one, so without this what follows a refusal would depend on how the bytes were split.
     */
    private void endAtRefusal(List<Object> out, int from) {
        for (int i = from; i < out.size(); i++) {
            if (out.get(i) instanceof HttpObject o && o.decoderResult().isFailure()) {
                broken = true;
                while (out.size() > i + 1) {
                    ReferenceCountUtil.release(out.remove(out.size() - 1));
                }
                return;
            }
        }
    }

    /**
     * Nothing more once a message was refused. Netty still holds the head it began when a fold is
     * found after the request line was read, and at close would refuse that head a second time.
     */
    @Override
    protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws Exception {
        if (held) {
            return;
        }
        if (broken) {
            in.skipBytes(in.readableBytes());
            return;
        }
        int emitted = out.size();
        super.decodeLast(ctx, in, out);
        endAtRefusal(out, emitted);
    }

    /**
     * Refuses any version but HTTP/1.0 and HTTP/1.1 (Netty takes any {@code HTTP/x.y}): a parser in
     * front that reads another version differently could frame the connection differently, and
     * Praxis's parser refuses them too. Netty turns the exception into a refused head.
     */
    @Override
    protected HttpMessage createMessage(String[] initialLine) throws Exception {
        // Netty upper-cases the version; RFC 9112 2.3 makes "HTTP" case-sensitive, so "http/1.1" is refused.
        String version = initialLine[2];
        if (!version.equals("HTTP/1.1") && !version.equals("HTTP/1.0")) {
            throw new IllegalArgumentException("request version " + version + " (expected: HTTP/1.0 or HTTP/1.1)");
        }
        return super.createMessage(initialLine);
    }

    /** Common header names come from a shared table instead of a copy per line (see {@link KnownHeaderNames}). */
    @Override
    protected AsciiString splitHeaderName(byte[] sb, int start, int length) {
        AsciiString known = KnownHeaderNames.find(sb, start, length);
        return known != null ? known : super.splitHeaderName(sb, start, length);
    }

    /** Follows the message boundaries in what the decoder emitted. */
    private void track(ByteBuf in, int start, List<Object> out, int from) {
        boolean emittedAny = out.size() > from;
        for (int i = from; i < out.size(); i++) {
            Object msg = out.get(i);
            if (msg instanceof HttpRequest request) {
                methods.add(request.method());
                inHead = false;
                if (request.decoderResult().isFailure()) {
                    broken = true; // Netty discards the rest itself; so do we
                } else {
                    upgradeOffered = UpgradeRequests.offersWebSocket(request);
                }
            }
            if (msg instanceof LastHttpContent) {
                held = upgradeOffered;
                inHead = true;
                headStarted = false;
                requestLineDone = false;
            }
        }
        if (!emittedAny && inHead && !requestLineDone) {
            // Netty consumes whole lines only: a consumed non-empty line was the request line.
            for (int i = start; i < in.readerIndex(); i++) {
                byte b = in.getByte(i);
                if (b != '\r' && b != '\n') {
                    requestLineDone = true;
                    break;
                }
            }
        }
    }

    /** Whether the unread bytes hold more than the empty lines a client may send between requests. */
    private static boolean startsARequest(ByteBuf in) {
        return in.forEachByte(b -> b == '\r' || b == '\n') >= 0;
    }

    /**
     * Whether a header line in the unread part of the head starts with SP or HTAB. The unread part
     * starts at a line start; the scan stops at the empty line that ends the head.
     */
    static boolean foldsALine(ByteBuf in, boolean requestLineDone) {
        boolean started = requestLineDone;
        boolean lineStart = requestLineDone;
        for (int i = in.readerIndex(); i < in.writerIndex(); i++) {
            byte b = in.getByte(i);
            if (!started) {
                if (b != '\r' && b != '\n') {
                    started = true; // empty lines before the request line are allowed (RFC 9112 2.2)
                }
                continue;
            }
            if (lineStart) {
                if (b == ' ' || b == '\t') {
                    return true;
                }
                if (b == '\r' || b == '\n') {
                    return false; // the empty line: end of the head
                }
                lineStart = false;
            }
            if (b == '\n') {
                lineStart = true;
            }
        }
        return false;
    }
}
