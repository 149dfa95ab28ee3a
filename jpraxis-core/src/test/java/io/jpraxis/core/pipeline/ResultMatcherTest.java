package io.jpraxis.core.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.ResultMatch;
import io.jpraxis.core.context.FilterResults;
import io.jpraxis.core.pipeline.ResultMatcher;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultMatcherTest {
    private static FilterResults results(String key, String value) {
        FilterResults results = new FilterResults();
        assertThat(results.put("json_body_field", key, value)).isEmpty();
        return results;
    }

    private static ResultMatcher model(ResultMatch match) {
        return new ResultMatcher("json_body_field", "model", match);
    }

    @Test
    void exactIsCaseSensitiveAndNeedsTheKey() {
        ResultMatcher matcher = model(new ResultMatch.Exact("gpt-4o"));
        assertThat(matcher.matches(results("model", "gpt-4o"))).isTrue();
        assertThat(matcher.matches(results("model", "GPT-4o"))).as("case-sensitive").isFalse();
        assertThat(matcher.matches(results("other", "gpt-4o"))).as("another key").isFalse();
        assertThat(matcher.matches(new FilterResults())).as("no results at all").isFalse();
    }

    @Test
    void containsLooksForASubstring() {
        ResultMatcher matcher = model(new ResultMatch.Contains("gpt"));
        assertThat(matcher.matches(results("model", "openai-gpt-4o"))).isTrue();
        assertThat(matcher.matches(results("model", "claude"))).isFalse();
        assertThat(matcher.matches(new FilterResults())).isFalse();
    }

    @Test
    void notAlsoHoldsWhenTheKeyOrEveryResultIsMissing() {
        ResultMatcher matcher = model(new ResultMatch.Not("blocked"));
        assertThat(matcher.matches(results("model", "passed"))).isTrue();
        assertThat(matcher.matches(results("model", "blocked"))).isFalse();
        assertThat(matcher.matches(results("other", "blocked"))).as("key missing").isTrue();
        assertThat(matcher.matches(new FilterResults())).as("result set missing").isTrue();
    }

    @Test
    void anyOfEqualsOneOfTheValues() {
        ResultMatcher matcher = model(new ResultMatch.AnyOf(List.of("a", "b")));
        assertThat(matcher.matches(results("model", "b"))).isTrue();
        assertThat(matcher.matches(results("model", "ab"))).as("whole values only").isFalse();
        assertThat(matcher.matches(new FilterResults())).isFalse();
    }

    @Test
    void readsOnlyTheNamedFiltersResults() {
        FilterResults results = new FilterResults();
        results.put("router", "model", "x");
        assertThat(model(new ResultMatch.Exact("x")).matches(results)).isFalse();
    }
}
