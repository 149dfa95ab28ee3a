package io.jpraxis.filters.traffic.ratelimit;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.load.StoreBackendReader;
import io.jpraxis.config.model.StoreBackend;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.traffic.ratelimit.RateLimitConfig.Key;
import io.jpraxis.filters.traffic.ratelimit.RateLimitConfig.Mode;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.Set;

/**
 * Builds {@code rate_limit} filters (see docs/reference/filters/rate_limit.md#what-it-does), with
 * Praxis's bounds on each key.
 */
public final class RateLimitFactory implements FilterFactory<RateLimitConfig> {
    /** The YAML type name. */
    public static final String TYPE = "rate_limit";
    /** Praxis keeps the burst in an unsigned 32-bit integer. */
    static final long MAX_BURST = 4_294_967_295L;
    static final int DEFAULT_IPV6_PREFIX_LEN = 128;

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(RateLimitKeys.KEYS);
    }

    @Override
    public Optional<RateLimitConfig> read(MapReader options, FilterReadContext context) {
        Mode mode = options.require("mode") ? options.enumValue("mode", Mode.class).orElse(null) : null;
        // burst >= rate (below) caps the rate at MAX_BURST too; the range here names the real bound.
        Double rate = options.require("rate")
                ? options.number("rate").orElse(null)
                : null;
        Long burst = options.require("burst") ? options.integer("burst").orElse(null) : null;
        int prefixLen = options.integer("ipv6_prefix_len").orElse((long) DEFAULT_IPV6_PREFIX_LEN).intValue();
        boolean shadow = options.bool("shadow", false);
        Key key = options.enumValue("key", Key.class).orElse(null);
        StoreBackend backend = StoreBackendReader.read(options, RateLimitKeys.BACKEND, RateLimitConfig.DEFAULT_NAMESPACE,
                System::getenv).orElse(null);
        if (key != null && mode == Mode.PER_IP) {
            options.invalid("key", "no key in per_ip mode (the client address already keys it; use mode: global "
                    + "with key: authenticated_subject for one bucket per subject)");
        }
        if (rate != null && burst != null && burst < rate) {
            // A bucket smaller than one second of refill could never let the configured rate through.
            options.invalid("burst", "at least rate (" + plain(rate) + ")");
        }
        if (mode == Mode.GLOBAL && options.has("ipv6_prefix_len")) {
            options.diagnostics().warn(options.path("ipv6_prefix_len"), options.line("ipv6_prefix_len"),
                    "ignored in global mode (it groups IPv6 clients in per_ip mode)");
        }
        if (!options.finishCleanly() || mode == null || rate == null || burst == null || backend == null) {
            return Optional.empty();
        }
        return Optional.of(new RateLimitConfig(mode, rate, burst, prefixLen, shadow, key, backend));
    }

    @Override
    public FilterDeclaration declare(RateLimitConfig config) {
        Set<FilterTrait> traits = config.key() == null ? Set.of(FilterTrait.SECURITY)
                : Set.of(FilterTrait.SECURITY, FilterTrait.READS_SUBJECT);
        return FilterDeclaration.NONE.withTraits(traits).withResponseHook(true);
    }

    @Override
    public HttpFilter create(RateLimitConfig config, FilterBuildContext context) {
        if (config.backend().shared()) {
            return new RateLimitFilter(config, context.services().clock(),
                    context.services().stores().store(config.backend().url()));
        }
        return new RateLimitFilter(config, context.services().clock());
    }

    /** {@code 10} rather than {@code 10.0}. */
    private static String plain(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
