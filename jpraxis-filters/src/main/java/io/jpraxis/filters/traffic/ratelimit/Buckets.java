package io.jpraxis.filters.traffic.ratelimit;

import java.net.InetSocketAddress;

/** Where a request's bucket comes from: one bucket shared by everyone, or the client's own. */
sealed interface Buckets permits Buckets.Shared, ClientBuckets {

    /** The bucket a request from {@code client} draws on, or null when it gets none (it is then refused). */
    TokenBucket bucketFor(InetSocketAddress client, long now);

    /** {@code global} mode: every request draws on one bucket. */
    record Shared(TokenBucket bucket) implements Buckets {
        @Override
        public TokenBucket bucketFor(InetSocketAddress client, long now) {
            return bucket;
        }
    }
}
