package io.jpraxis.filters.traffic.ratelimit;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.load.StoreBackendReader;
import io.jpraxis.filters.traffic.ratelimit.RateLimitConfig.Key;
import io.jpraxis.filters.traffic.ratelimit.RateLimitConfig.Mode;

/** The keys of a {@code rate_limit} entry. */
public final class RateLimitKeys {
    static final ObjectDescriptor BACKEND = StoreBackendReader.keys(RateLimitConfig.DEFAULT_NAMESPACE);
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Token-bucket rate limiting, for all clients "
            + "together or per client address.",
            key("mode", KeyType.choice(Mode.class), "One bucket for everyone, or one per client IP.").asRequired(),
            key("rate", new KeyType.Num(0, RateLimitFactory.MAX_BURST, "a number greater than 0 and at most "
                    + RateLimitFactory.MAX_BURST), "Tokens added per second.").asRequired(),
            key("burst", KeyType.integer(1, RateLimitFactory.MAX_BURST), "Bucket size.").asRequired()
                    .withRule("at least rate"),
            key("ipv6_prefix_len", KeyType.integer(1, 128), "IPv6 clients sharing this prefix share a bucket "
                    + "(per_ip mode; ignored with a warning in global mode).")
                    .withDefault(RateLimitFactory.DEFAULT_IPV6_PREFIX_LEN),
            key("shadow", KeyType.bool(), "Count and report, but let every request through.").withDefault(false),
            key("key", KeyType.choice(Key.class), "One bucket per authenticated subject (an earlier jwt_auth "
                    + "must verify it; a request without one gets 401).").withRule("global mode only"),
            key("backend", KeyType.object(BACKEND), "Where the buckets live; unset: in this process.")
                    .withDefault("{kind: memory}"),
            key(StoreBackendReader.ON_ERROR, KeyType.choice(StoreBackendReader.OnError.class), "What a store error "
                    + "does: `closed` refuses the request with 503, `open` admits it (logged and counted).")
                    .withDefault("closed").withRule("valkey backend only"));

    private RateLimitKeys() {
    }
}
