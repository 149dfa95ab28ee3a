package io.jpraxis.filters.traffic.staticresponse;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class StaticResponseFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    private static List<String> refused(String yaml) {
        return build(new StaticResponseFactory(), yaml).refused();
    }

    @Test
    void unknownKeyIsRejectedWithItsPath() {
        assertThat(refused("status: 200\nbdy: x\n"))
                .containsExactly("line 2: " + AT + "bdy: unknown key (did you mean 'body'?)");
    }

    @Test
    void statusIsRequired() {
        assertThat(refused("body: hi\n")).singleElement().asString().contains(AT + "status: missing");
    }

    @Test
    void statusMustBeFrom200To599() {
        for (String status : List.of("199", "600", "100", "\"200\"")) {
            assertThat(refused("status: " + status + "\n")).as(status).singleElement().asString()
                    .contains(AT + "status: " + status + " (expected: an integer from 200 to 599)");
        }
    }

    @Test
    void bodyMustBeAString() {
        assertThat(refused("status: 200\nbody: [a]\n")).singleElement().asString()
                .contains(AT + "body: [...] (expected: a string)");
    }

    @Test
    void framingAndHopByHopHeadersAreRefused() {
        List<String> errors = refused("""
                status: 200
                headers:
                  - {name: Content-Length, value: "5"}
                  - {name: transfer-encoding, value: chunked}
                  - {name: connection, value: close}
                  - {name: keep-alive, value: "5"}
                  - {name: upgrade, value: h2c}
                  - {name: te, value: trailers}
                  - {name: trailer, value: x}
                """);
        assertThat(errors).hasSize(7)
                .allSatisfy(e -> assertThat(e).contains("expected: a header name that is not a framing or hop-by-hop field"));
        assertThat(errors.get(0)).contains("line 3: " + AT + "headers[0].name: \"Content-Length\"");
    }

    @Test
    void headerNamesAndValuesAreChecked() {
        List<String> errors = refused("""
                status: 200
                headers:
                  - {name: "a b", value: x}
                  - {name: x-ok, value: "bad\\nvalue"}
                """);
        assertThat(errors).hasSize(2);
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("headers[0].name: \"a b\""))
                .anySatisfy(e -> assertThat(e).contains("headers[1].value: \"bad\\nvalue\""));
    }
}
