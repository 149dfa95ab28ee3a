package io.jpraxis.http.exchange;

import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.http.support.NettyHeaders;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * The trailers of a response's last piece as response body filters see and edit them (see
 * docs/behaviour/body-access.md#trailers): read into a {@link HeaderMap} before the hooks, written
 * back after them.
 */
final class TrailerViews {
    private TrailerViews() {
    }

    /** The trailer fields of {@code last} (lower-case names, in order). */
    static HeaderMap read(HttpContent last) {
        if (!(last instanceof LastHttpContent l) || l.trailingHeaders().isEmpty()) {
            return new HeaderMap(0);
        }
        return NettyHeaders.toHeaderMap(l.trailingHeaders());
    }

    /**
     * {@code last} carrying exactly {@code trailers}: the same piece when they did not change, else
     * one with them (a piece whose trailers cannot be edited, such as Netty's shared empty last
     * piece, is replaced; ownership of its bytes moves to the new one).
     */
    static HttpContent write(HttpContent last, HeaderMap trailers) {
        HttpHeaders current = last instanceof LastHttpContent l ? l.trailingHeaders() : null;
        if (current != null && sameLines(current, trailers)) {
            return last;
        }
        DefaultLastHttpContent out = new DefaultLastHttpContent(last.content());
        trailers.forEach(out.trailingHeaders()::add);
        return out;
    }

    private static boolean sameLines(HttpHeaders current, HeaderMap trailers) {
        if (current.size() != trailers.size()) {
            return false;
        }
        HeaderMap now = NettyHeaders.toHeaderMap(current);
        for (int i = 0; i < trailers.size(); i++) {
            if (!now.nameAt(i).equals(trailers.nameAt(i)) || !now.valueAt(i).equals(trailers.valueAt(i))) {
                return false;
            }
        }
        return true;
    }
}
