package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.ai.tokenratelimit.TokenRule.Tier;
import io.jpraxis.core.filter.FilterGauge;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The meters of one {@code token_rate_limit} (see
 * docs/reference/filters/token_rate_limit.md#metrics), Praxis's names; every label value comes
 * from the config (rule names, algorithms, tier capacities), never from a subject or a key.
 */
final class TrlMetrics {
    /** One rule's counters. */
    static final class RuleMeters {
        final LongAdder admitted = new LongAdder();
        final LongAdder denied = new LongAdder();
        final LongAdder reserved = new LongAdder();
        final LongAdder reconciled = new LongAdder();
        final LongAdder refunded = new LongAdder();
        final LongAdder overage = new LongAdder();
        final LongAdder backendErrors = new LongAdder();
        final LongAdder settledReservations = new LongAdder();
        /** Tier capacity to activations. */
        final Map<Long, LongAdder> tierActivations = new LinkedHashMap<>();
    }

    private final List<RuleMeters> rules = new ArrayList<>();
    private final List<FilterGauge> gauges = new ArrayList<>();

    TrlMetrics(List<TokenRule> config, TokenLedger ledger) {
        for (int i = 0; i < config.size(); i++) {
            TokenRule rule = config.get(i);
            int index = i;
            RuleMeters m = new RuleMeters();
            rules.add(m);
            Map<String, String> byRule = Map.of("rule", rule.name());
            gauges.add(FilterGauge.counter("praxis.trl.requests", "Requests a token_rate_limit rule admitted or "
                    + "denied", Map.of("rule", rule.name(), "result", "admitted"), m.admitted::sum));
            gauges.add(FilterGauge.counter("praxis.trl.requests", "Requests a token_rate_limit rule admitted or "
                    + "denied", Map.of("rule", rule.name(), "result", "denied"), m.denied::sum));
            gauges.add(FilterGauge.counter("praxis.trl.tokens.reserved", "Tokens reserved at admission", byRule,
                    m.reserved::sum));
            gauges.add(FilterGauge.counter("praxis.trl.tokens.reconciled", "Actual tokens charged at settlement",
                    byRule, m.reconciled::sum));
            gauges.add(FilterGauge.counter("praxis.trl.tokens.refunded", "Tokens refunded because the estimate was "
                    + "above the actual cost", byRule, m.refunded::sum));
            gauges.add(FilterGauge.counter("praxis.trl.tokens.overage", "Tokens charged beyond the estimate", byRule,
                    m.overage::sum));
            gauges.add(FilterGauge.counter("praxis.trl.backend.errors", "Backend failures of a rule",
                    Map.of("rule", rule.name(), "backend", ledger.kind()), m.backendErrors::sum));
            gauges.add(new FilterGauge("praxis.trl.budget.remaining", "Sum of the last computed balance of each "
                    + "retained key", Map.of("rule", rule.name(), "algorithm", rule.algorithm().label()),
                    () -> ledger.snapshot(index).remaining()));
            gauges.add(new FilterGauge("praxis.trl.reservations.active", "Unsettled reservations", byRule,
                    () -> ledger.snapshot(index).active()));
            gauges.add(new FilterGauge("praxis.ai.token_rate_limit.active_keys", "Keys a rule retains", byRule,
                    () -> ledger.snapshot(index).keys()));
            gauges.add(FilterGauge.counter("praxis.ai.token_rate_limit.reservations", "Reservations settled with "
                    + "the reported usage or expired unsettled", Map.of("rule", rule.name(), "result", "reconciled"),
                    m.settledReservations::sum));
            gauges.add(FilterGauge.counter("praxis.ai.token_rate_limit.reservations", "Reservations settled with "
                    + "the reported usage or expired unsettled", Map.of("rule", rule.name(), "result", "orphaned"),
                    () -> ledger.snapshot(index).orphaned()));
            for (Tier tier : rule.tiers()) {
                if (!tier.deny()) {
                    LongAdder a = new LongAdder();
                    m.tierActivations.put(tier.capacity(), a);
                    gauges.add(FilterGauge.counter("praxis.ai.token_rate_limit.soft_tier_activations", "Inject tiers "
                            + "that fired", Map.of("rule", rule.name(), "capacity", Long.toString(tier.capacity())),
                            a::sum));
                }
            }
        }
    }

    RuleMeters rule(int index) {
        return rules.get(index);
    }

    List<FilterGauge> gauges() {
        return gauges;
    }
}
