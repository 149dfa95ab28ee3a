package io.jpraxis.http.support;

import io.jpraxis.core.http.CommonHeaderNames;
import io.jpraxis.core.http.HeaderMap;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.Iterator;
import java.util.Map;

/** Copies headers between Netty's wire model and the pipeline's transport-neutral {@link HeaderMap}. */
public final class NettyHeaders {
    private NettyHeaders() {
    }

    /** A HeaderMap with every line of {@code headers}, in order, names lower-cased. */
    public static HeaderMap toHeaderMap(HttpHeaders headers) {
        // Sized to the message, with room for the few lines the gateway adds (X-Forwarded-*, ids).
        HeaderMap map = new HeaderMap(headers.size() + 4);
        Iterator<Map.Entry<CharSequence, CharSequence>> it = headers.iteratorCharSequence();
        while (it.hasNext()) {
            Map.Entry<CharSequence, CharSequence> line = it.next();
            map.add(CommonHeaderNames.lowerCase(line.getKey()), line.getValue().toString());
        }
        return map;
    }

    /**
     * Netty headers with every line of {@code map}. Names and values are validated: filters may
     * set arbitrary strings, and a CR or LF reaching the wire would split the message (RFC 9110
     * 5.5); an invalid line throws {@link IllegalArgumentException}.
     */
    public static HttpHeaders toNetty(HeaderMap map) {
        HttpHeaders headers = DefaultHttpHeadersFactory.headersFactory().newHeaders();
        for (int i = 0; i < map.size(); i++) {
            headers.add(map.nameAt(i), map.valueAt(i));
        }
        return headers;
    }

    /** Appends every line of {@code map} except those named {@code skip} (lower-case). */
    public static void addAll(HttpHeaders target, HeaderMap map, String skip) {
        for (int i = 0; i < map.size(); i++) {
            if (!map.nameAt(i).equals(skip)) {
                target.add(map.nameAt(i), map.valueAt(i));
            }
        }
    }
}
