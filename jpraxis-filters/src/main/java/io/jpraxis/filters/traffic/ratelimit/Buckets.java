package io.jpraxis.filters.traffic.ratelimit;


/** Where a request's bucket comes from: one bucket shared by everyone, or the client's own. */
sealed interface Buckets permits Buckets.Shared, ClientBuckets {

    /** The bucket of a request keyed {@code key} (ignored by a shared bucket), or null when it gets none (it is then refused). */
    TokenBucket bucketFor(ClientKey key, long now);

    /** {@code global} mode: every request draws on one bucket. */
    record Shared(TokenBucket bucket) implements Buckets {
        @Override
        public TokenBucket bucketFor(ClientKey key, long now) {
            return bucket;
        }
    }
}
