package io.jpraxis.filters.traffic.router;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.HedgePolicyConfig;
import io.jpraxis.filters.testing.FilterFixtures;
import io.jpraxis.filters.testing.FilterFixtures.Built;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A route's {@code hedge_policy}: the flag, every key and bound, every problem reported. */
class HedgePolicyReaderTest {
    private static final String AT = "filter_chains[0].filters[0].routes[0].hedge_policy";

    private static Built withFlag(String policy) {
        return build(new RouterFactory(), route(policy),
                FilterFixtures.buildContext(FeatureSet.of(Feature.HEDGED_REQUESTS)));
    }

    private static String route(String policy) {
        return "routes:\n  - path: /\n    cluster: c\n    hedge_policy: " + policy + "\n";
    }

    private static HedgePolicyConfig accepted(String policy) {
        Built built = withFlag(policy);
        return ((RouterConfig) built.accepted().config()).routes().getFirst().hedgePolicy();
    }

    @Test
    void withoutTheFlagAHedgePolicyIsRefusedNamingTheFlag() {
        List<String> errors = build(new RouterFactory(), route("{initial_requests: 2, max_attempts: 2}")).refused();
        assertThat(errors).singleElement().asString().as("decision 35: the capability is off by default")
                .contains(AT + ": hedge_policy needs the hedged-requests feature")
                .contains("--features hedged-requests");
    }

    @Test
    void withTheFlagAPolicyLoadsWithItsValues() {
        assertThat(accepted("{initial_requests: 1, max_attempts: 3, per_try_timeout_ms: 50, budget_percent: 12.5}"))
                .as("every key read").isEqualTo(new HedgePolicyConfig(1, 3, 50L, 12.5));
    }

    @Test
    void unsetKeysTakeTheirDefaults() {
        assertThat(accepted("{per_try_timeout_ms: 20}")).as("1 initial, 2 attempts, 10 %")
                .isEqualTo(new HedgePolicyConfig(1, 2, 20L, 10));
        assertThat(accepted("{initial_requests: 3}")).as("max_attempts follows a larger initial_requests")
                .isEqualTo(new HedgePolicyConfig(3, 3, null, 10));
    }

    @Test
    void fanOutWithoutPerTryTimeoutLoads() {
        assertThat(accepted("{initial_requests: 2, max_attempts: 2, budget_percent: 0}"))
                .isEqualTo(new HedgePolicyConfig(2, 2, null, 0));
    }

    @Test
    void unknownKeyIsRejectedWithAHint() {
        assertThat(withFlag("{max_attempt: 2, per_try_timeout_ms: 5}").refused()).singleElement().asString()
                .contains(AT + ".max_attempt: unknown key").contains("max_attempts");
    }

    @Test
    void eachBoundIsCheckedAndEveryProblemIsReported() {
        List<String> errors = withFlag("{initial_requests: 0, max_attempts: 9, per_try_timeout_ms: 0, "
                + "budget_percent: 101}").refused();
        assertThat(errors).as("all four reported, not just the first").hasSize(4)
                .anySatisfy(e -> assertThat(e).contains(AT + ".initial_requests: 0 (expected:"))
                .anySatisfy(e -> assertThat(e).contains(AT + ".max_attempts: 9 (expected:"))
                .anySatisfy(e -> assertThat(e).contains(AT + ".per_try_timeout_ms: 0 (expected:"))
                .anySatisfy(e -> assertThat(e).contains(AT + ".budget_percent: 101 (expected: a number from 0 to 100"));
    }

    @Test
    void perTryTimeoutAboveAnHourIsRefused() {
        assertThat(withFlag("{max_attempts: 2, per_try_timeout_ms: 3600001}").refused()).singleElement().asString()
                .contains(AT + ".per_try_timeout_ms: 3600001 (expected:");
        assertThat(accepted("{max_attempts: 2, per_try_timeout_ms: 3600000}").perTryTimeoutMs()).isEqualTo(3_600_000L);
    }

    @Test
    void maxAttemptsBelowInitialRequestsIsRefused() {
        assertThat(withFlag("{initial_requests: 3, max_attempts: 2}").refused()).singleElement().asString()
                .contains(AT + ".max_attempts: 2 (expected: at least initial_requests (3))");
    }

    @Test
    void perTryTimeoutIsRequiredWhenCopiesWait() {
        assertThat(withFlag("{initial_requests: 1, max_attempts: 3}").refused()).singleElement().asString()
                .as("a later copy needs a wait").contains(AT + ".per_try_timeout_ms: missing (expected:")
                .contains("required when max_attempts (3) is more than initial_requests (1)");
    }

    @Test
    void perTryTimeoutIsForbiddenWhenEveryAttemptStartsAtOnce() {
        assertThat(withFlag("{initial_requests: 2, max_attempts: 2, per_try_timeout_ms: 10}").refused())
                .singleElement().asString().contains(AT + ".per_try_timeout_ms: 10 (expected: absent when max_attempts "
                        + "equals initial_requests (2)");
    }

    @Test
    void budgetPercentGoesInStepsOfAHundredth() {
        assertThat(withFlag("{max_attempts: 2, per_try_timeout_ms: 5, budget_percent: 0.005}").refused())
                .singleElement().asString().contains(AT + ".budget_percent: 0.005 (expected: a number from 0 to 100 "
                        + "in steps of 0.01)");
        assertThat(accepted("{max_attempts: 2, per_try_timeout_ms: 5, budget_percent: 0.01}").budgetPercent())
                .isEqualTo(0.01);
        assertThat(withFlag("{max_attempts: 2, per_try_timeout_ms: 5, budget_percent: -1}").refused())
                .singleElement().asString().contains(AT + ".budget_percent: -1 (expected:");
    }

    @Test
    void aNonMapPolicyIsAWrongType() {
        assertThat(withFlag("3").refused()).singleElement().asString().contains(AT + ": 3 (expected: a map)");
    }

    @Test
    void theRouteDumpsItsPolicy() {
        Built built = withFlag("{initial_requests: 2, max_attempts: 2, budget_percent: 5}");
        RouteConfig route = ((RouterConfig) built.accepted().config()).routes().getFirst();
        assertThat(route.toYaml()).asString().as("dump writes the policy back in its YAML keys")
                .contains("hedge_policy={initial_requests=2, max_attempts=2, budget_percent=5.0}");
    }
}
