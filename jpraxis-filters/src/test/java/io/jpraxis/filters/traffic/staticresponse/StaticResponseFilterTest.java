package io.jpraxis.filters.traffic.staticresponse;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.declarationOf;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.LocalResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class StaticResponseFilterTest {

    private static LocalResponse respond(HttpFilter f) {
        FilterAction action = f.onRequest(request("/anything?x=1"));
        assertThat(action).as("static_response always answers").isInstanceOf(FilterAction.Respond.class);
        return ((FilterAction.Respond) action).response();
    }

    @Test
    void answersWithTheConfiguredStatusHeadersAndBody() {
        HttpFilter f = build(new StaticResponseFactory(), """
                status: 418
                body: "I'm a teapot"
                headers:
                  - {name: Content-Type, value: text/plain}
                  - {name: X-Custom, value: a}
                  - {name: x-custom, value: b}
                """).accepted();
        LocalResponse response = respond(f);
        assertThat(response.status()).isEqualTo(418);
        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("I'm a teapot");
        assertThat(response.headers().get("content-type")).isEqualTo("text/plain");
        assertThat(response.headers().getAll("x-custom")).as("repeated names stay separate lines").containsExactly("a", "b");
    }

    @Test
    void bodyDefaultsToEmpty() {
        LocalResponse response = respond(build(new StaticResponseFactory(), "status: 204\n").accepted());
        assertThat(response.status()).isEqualTo(204);
        assertThat(response.body()).isEmpty();
        assertThat(response.headers().isEmpty()).isTrue();
    }

    @Test
    void eachResponseGetsItsOwnHeaderMap() {
        HttpFilter f = build(new StaticResponseFactory(), """
                status: 200
                headers: [{name: x-a, value: "1"}]
                """).accepted();
        LocalResponse first = respond(f);
        first.headers().add("x-added-by-response-filter", "yes");
        assertThat(respond(f).headers().contains("x-added-by-response-filter"))
                .as("a response filter mutating one answer must not leak into the next").isFalse();
    }

    @Test
    void declaresThatItAlwaysAnswers() {
        HttpFilter f = build(new StaticResponseFactory(), "status: 200\nbody: ok\n").accepted();
        assertThat(f.type()).isEqualTo("static_response");
        assertThat(declarationOf(f).traits()).containsExactly(FilterTrait.ALWAYS_ANSWERS);
        assertThat(f.config()).isEqualTo(new StaticResponseConfig(200, "ok", java.util.List.of()));
    }
}
