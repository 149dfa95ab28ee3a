package io.jpraxis.bench.micro;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.http.ResponseHead;
import java.net.InetSocketAddress;
import java.time.Instant;

/**
 * Requests and response heads shaped like the ones an edge hands to the pipeline: a handful of
 * ordinary headers ahead of the ones a benchmark cares about, since header lookups scan in order.
 */
public final class BenchRequests {
    private static final InetSocketAddress CLIENT = new InetSocketAddress("192.0.2.10", 40000);
    private static final Instant RECEIVED_AT = Instant.parse("2026-01-01T00:00:00Z");

    private BenchRequests() {
    }

    /** A request for {@code target} (the query after {@code ?} split off) with extra name/value pairs appended. */
    public static RequestContext request(String method, String target, String... headerPairs) {
        return fromPeer(CLIENT, method, target, headerPairs);
    }

    /**
     * A request for {@code target} from the TCP peer {@code peer} (the edge benchmark's load
     * balancer on loopback), with extra name/value pairs appended.
     */
    public static RequestContext fromPeer(InetSocketAddress peer, String method, String target, String... headerPairs) {
        HeaderMap headers = new HeaderMap()
                .add("host", "gateway.example.com")
                .add("user-agent", "bench/1.0")
                .add("accept", "application/json")
                .add("accept-encoding", "gzip, br");
        for (int i = 0; i < headerPairs.length; i += 2) {
            headers.add(headerPairs[i], headerPairs[i + 1]);
        }
        int q = target.indexOf('?');
        String path = q < 0 ? target : target.substring(0, q);
        String query = q < 0 ? null : target.substring(q + 1);
        return new RequestContext("public", method, RequestPath.of(path), query, "http", peer, headers, "bench-request",
                RECEIVED_AT);
    }

    /** An upstream response head with the headers an origin typically sends. */
    public static ResponseHead response(int status) {
        HeaderMap headers = new HeaderMap()
                .add("content-type", "application/json")
                .add("content-length", "512")
                .add("cache-control", "no-store")
                .add("date", "Mon, 30 Nov 2026 12:00:00 GMT");
        return new ResponseHead(status, headers, false);
    }
}
