package io.jpraxis.bench.ai;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.bench.load.WrkScript;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AiResultTest {
    @Test
    void aVerdictNeedsFiveInSixRoundsOnItsSide() {
        List<Double> mostlyOver = List.of(1.5, 1.6, 1.4, 1.7, 1.5, 1.02);
        assertThat(AiResult.roundsAgree(mostlyOver, 1.05, false)).isTrue();
        List<Double> split = List.of(0.8, 1.2, 0.9, 1.3, 1.1, 1.0);
        assertThat(AiResult.roundsAgree(split, 1.05, false)).isFalse();
        assertThat(AiResult.roundsAgree(split, 1.05, true)).isFalse();
        assertThat(AiResult.roundsAgree(List.of(1.01, 1.02, 1.0, 0.99, 1.03, 1.04), 1.05, true)).isTrue();
    }

    @Test
    void theWrkPostScriptSendsTheBodyAndHeaders() {
        String lua = WrkScript.renderPost("{\"model\":\"gpt-4o-mini\"}", Map.of("Authorization", "Bearer k"));
        assertThat(lua).startsWith("wrk.method = \"POST\"\nwrk.body = [==[{\"model\":\"gpt-4o-mini\"}]==]\n")
                .contains("wrk.headers[\"Authorization\"] = \"Bearer k\"", WrkScript.RESULT_MARKER);
    }
}
