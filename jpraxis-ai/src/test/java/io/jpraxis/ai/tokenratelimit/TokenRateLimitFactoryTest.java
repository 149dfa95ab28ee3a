package io.jpraxis.ai.tokenratelimit;

import static io.jpraxis.ai.testing.AiFixtures.AT;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.testing.AiFixtures;
import io.jpraxis.ai.tokenratelimit.Estimation.Strategy;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.FilterDeclaration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reading and validating token_rate_limit (docs/reference/filters/token_rate_limit.md#validation). */
class TokenRateLimitFactoryTest {
    private static final TokenRateLimitFactory FACTORY = new TokenRateLimitFactory(
            Map.of("VALKEY_URL", "redis://127.0.0.1:6379")::get);

    private static List<String> refused(String yaml) {
        return AiFixtures.build(FACTORY, yaml).refused();
    }

    private static String window(String extra) {
        return """
            rules:
              - name: chat
                algorithm: sliding_window
                window: 60s
                capacity: 1000
            """ + extra.indent(4);
    }

    @Test
    void isGatedAndSecurityClass() {
        assertThat(FACTORY.requiredFeature()).isEqualTo(Feature.TOKEN_RATE_LIMIT_FILTER);
        FilterDeclaration d = AiFixtures.build(FACTORY, window("reserved_tokens: 10")).declared();
        assertThat(d.traits()).containsExactly(FilterTrait.SECURITY);
        assertThat(d.logHook()).isTrue();
        assertThat(d.requestBody().access()).as("a fixed estimate needs no body").isEqualTo(BodyAccess.NONE);
    }

    @Test
    void readsTheNewestSchemaInFull() {
        TokenRateLimitConfig c = ((TokenRateLimitFilter) AiFixtures.build(FACTORY, """
            key: authenticated_subject
            default_weights: {output: 2}
            rules:
              - name: premium
                match: {headers: {X-Tier: premium}}
                algorithm: token_bucket
                capacity: 10000
                refill_rate: 2.5
                estimation: {strategy: model_scaled, multiplier: 1.2, fallback_estimate: 500,
                             model_multipliers: {gpt-4o: 2}, default_multiplier: 1.5}
                reservation_timeout: 2m
                weights: {cached_input: 0.1}
                tiers:
                  - {capacity: 8000, action: {type: inject, headers: {X-Slow-Down: "yes"}}}
                  - {capacity: 10000, action: {type: deny}}
              - name: rest
                algorithm: sliding_window
                window: 1h
                capacity: 500
                reserved_tokens: 50
            """).accepted()).settings();
        TokenRule premium = c.rules().get(0);
        assertThat(premium.matchHeaders()).containsEntry("x-tier", "premium");
        assertThat(premium.refillRate()).isEqualTo(2.5);
        assertThat(premium.reservationTimeoutMs()).isEqualTo(120_000);
        assertThat(premium.estimation().strategy()).isEqualTo(Strategy.MODEL_SCALED);
        assertThat(premium.weights()).isEqualTo(new TokenRateLimitConfig.Weights(1, 2, 0.1, 1, 1));
        assertThat(premium.tiers()).hasSize(2);
        TokenRule rest = c.rules().get(1);
        assertThat(rest.windowMs()).isEqualTo(3_600_000);
        assertThat(rest.estimation()).isEqualTo(Estimation.fixed(50));
        FilterDeclaration d = AiFixtures.declarationOf(AiFixtures.build(FACTORY, """
            key: authenticated_subject
            rules: [{name: a, algorithm: token_bucket, capacity: 10, refill_rate: 1, estimation: {strategy: max_tokens}}]
            """).accepted());
        assertThat(d.traits()).contains(FilterTrait.READS_SUBJECT);
        assertThat(d.requestBody().mode()).as("body strategies buffer 2 MiB")
                .isEqualTo(new BodyMode.StreamBuffer(2L * 1024 * 1024));
    }

    @Test
    void refusesWhatPraxisRefuses() {
        String r = AT + "rules[0].";
        assertThat(refused("rules: []")).singleElement().asString().contains(AT + "rules").contains("at least one rule");
        assertThat(refused(window("reserved_tokens: 10\nrefill_rate: 5"))).singleElement().asString()
                .contains(r + "refill_rate").contains("no refill_rate on a sliding_window rule").contains("'chat'");
        assertThat(refused("rules: [{name: a, algorithm: token_bucket, capacity: 10, reserved_tokens: 1}]"))
                .singleElement().asString().contains(r + "refill_rate").contains("required");
        assertThat(refused(window("reserved_tokens: 1001"))).singleElement().asString()
                .contains(r + "reserved_tokens").contains("at most capacity (1000)");
        assertThat(refused(window("reserved_tokens: 10\nestimation: {strategy: fixed, fallback_estimate: 1}")))
                .singleElement().asString().contains("set together with estimation");
        assertThat(refused(window(""))).singleElement().asString().contains(r + "estimation").contains("missing");
        assertThat(refused(window("estimation: {strategy: fixed}"))).singleElement().asString()
                .contains(r + "estimation.fallback_estimate").contains("strategy fixed requires it");
        assertThat(refused(window("estimation: {strategy: fixed, fallback_estimate: 900, multiplier: 1.2}")))
                .singleElement().asString().contains("ceil(fallback_estimate × multiplier) at most capacity (1000)");
        assertThat(refused(window("estimation: {strategy: max_tokens, bytes_per_token: 3}"))).singleElement()
                .asString().contains("no bytes_per_token with strategy max_tokens");
        assertThat(refused(window("estimation: {strategy: max_tokens, fallback_estimate: 2000}"))).singleElement()
                .asString().contains("at most capacity (1000)");
        assertThat(refused(window("estimation: {strategy: model_scaled, multiplier: 1e300, default_multiplier: "
                + "1e300}"))).singleElement().asString().contains("product with multiplier is finite");
        assertThat(refused(window("reserved_tokens: 1\nweights: {visible: 1}"))).singleElement().asString()
                .contains(r + "weights.visible").contains("unknown key");
        assertThat(refused(window("reserved_tokens: 1\nweights: {input: -1}"))).singleElement().asString()
                .contains(r + "weights.input");
        assertThat(refused(window("reserved_tokens: 1\nmatch: {headers: {\"bad header\": x}}"))).singleElement()
                .asString().contains("a valid header name");
        assertThat(refused(window("reserved_tokens: 1").replace("60s", "1.5s"))).singleElement().asString()
                .contains(r + "window").contains("<integer><unit>");
        assertThat(refused(window("reserved_tokens: 1").replace("60s", "0s"))).singleElement().asString()
                .contains(r + "window");
        assertThat(refused(window("reserved_tokens: 1").replace("capacity: 1000", "capacity: 9007199254740993")))
                .singleElement().asString().contains(r + "capacity");
        assertThat(refused("rules: [{name: a, algorithm: token_bucket, capacity: 9000000000000000, refill_rate: 1, "
                + "reserved_tokens: 1}]")).singleElement().asString().contains("at most 1e9 seconds");
        assertThat(refused(window("reserved_tokens: 1") + "  - {name: chat, algorithm: sliding_window, window: 1s, "
                + "capacity: 1, reserved_tokens: 1}\n")).singleElement().asString()
                .contains(AT + "rules[1].name").contains("rules[0] has it");
        assertThat(refused(window("reserved_tokens: 1") + "colour: red\n")).singleElement().asString()
                .contains(AT + "colour").contains("unknown key");
    }

    @Test
    void refusesBadTiers() {
        String t = AT + "rules[0].tiers";
        assertThat(refused(window("reserved_tokens: 1\ntiers: []"))).singleElement().asString().contains(t)
                .contains("at least one tier");
        assertThat(refused(window("reserved_tokens: 1\ntiers: [{capacity: 500, action: {type: inject, headers: "
                + "{X-A: b}}}, {capacity: 400, action: {type: inject, headers: {X-A: c}}}]"))).singleElement()
                .asString().contains(t + "[1].capacity").contains("above the previous tier's (500)");
        assertThat(refused(window("reserved_tokens: 1\ntiers: [{capacity: 900, action: {type: deny}}]")))
                .singleElement().asString().contains("the rule's capacity (1000) for the deny tier");
        assertThat(refused(window("reserved_tokens: 1\ntiers: [{capacity: 1000, action: {type: deny}}, "
                + "{capacity: 1000, action: {type: deny}}]"))).anyMatch(m -> m.contains("deny only on the last tier"));
        assertThat(refused(window("reserved_tokens: 1\ntiers: [{capacity: 10, action: {type: warn}}]")))
                .singleElement().asString().contains(t + "[0].action.type").contains("inject or deny");
        assertThat(refused(window("reserved_tokens: 1\ntiers: [{capacity: 10, action: {type: inject}}]")))
                .singleElement().asString().contains("at least one header");
        assertThat(refused(window("reserved_tokens: 1\ntiers: [{capacity: 10, action: {type: inject, headers: "
                + "{Host: x}}}]"))).singleElement().asString().contains("not host");
        assertThat(refused(window("reserved_tokens: 1\ntiers: [{capacity: 10, action: {type: inject, headers: "
                + "{X-Praxis-Tier: x}}}]"))).singleElement().asString().contains("reserved");
        assertThat(refused(window("reserved_tokens: 1\ntiers: [{capacity: 10, action: {type: inject, headers: "
                + "{X-A: a, x-a: b}}}]"))).singleElement().asString().contains("each header once ignoring case");
        assertThat(refused(window("reserved_tokens: 1\ntiers: [{capacity: 2000, action: {type: inject, headers: "
                + "{X-A: a}}}]"))).singleElement().asString().contains("at most the rule's capacity (1000)");
    }

    @Test
    void readsAValkeyBackendAndRefusesABadOne() {
        TokenRateLimitFilter shared = (TokenRateLimitFilter) AiFixtures.build(FACTORY, window("reserved_tokens: 1")
                + "backend: {kind: valkey, url: \"redis://:secret@127.0.0.1:1\", namespace: \"t\"}\n"
                + "on_backend_error: open\n").accepted();
        assertThat(shared.isAsync()).as("admission waits on the store without blocking").isTrue();
        assertThat(shared.config().toString()).as("dumped without the password").doesNotContain("secret")
                .contains("namespace=t").contains("on_backend_error=open");
        assertThat(refused(window("reserved_tokens: 1") + "backend: {kind: valkey}\n")).singleElement().asString()
                .contains(AT + "backend.url").contains("required with kind: valkey");
        assertThat(refused(window("reserved_tokens: 1") + "backend: {kind: valkey, url: \"redis://${H}:1\"}\n"))
                .singleElement().asString().contains("exactly one whole ${ENV_VAR} reference");
        assertThat(refused(window("reserved_tokens: 1") + "backend: {kind: valkey, url: \"${UNSET}\"}\n"))
                .singleElement().asString().contains("UNSET, which is not set");
        assertThat(refused(window("reserved_tokens: 1") + "backend: {kind: valkey, url: \"http://x\"}\n"))
                .singleElement().asString().contains("redis:// or rediss://");
        assertThat(refused(window("reserved_tokens: 1") + "on_backend_error: open\n")).singleElement().asString()
                .contains("only with backend kind valkey");
        AiFixtures.build(FACTORY, window("reserved_tokens: 1") + "backend: {kind: memory}\n").accepted();
    }
}
