package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.ai.tokenratelimit.TokenRateLimitConfig.Weights;
import io.jpraxis.config.read.MapReader;

/** Reads a {@code weights} or {@code default_weights} map over a base (unknown names are refused). */
final class WeightsReader {
    private WeightsReader() {
    }

    static Weights read(MapReader w, Weights base) {
        Weights read = new Weights(w.number("input").orElse(base.input()), w.number("output").orElse(base.output()),
                w.number("cached_input").orElse(base.cachedInput()), w.number("cache_write").orElse(base.cacheWrite()),
                w.number("reasoning").orElse(base.reasoning()));
        w.finish();
        return read;
    }
}
