package io.jpraxis.filters.payload.jsonrpc;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.declarationOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.HttpFilter;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JsonRpcFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    private static List<String> refused(String yaml) {
        return build(new JsonRpcFactory(), yaml).refused();
    }

    @Test
    void defaultsArePraxisOnes() {
        HttpFilter f = build(new JsonRpcFactory(), "{}\n").accepted();

        assertThat(f.config()).isEqualTo(new JsonRpcConfig(1024 * 1024, JsonRpcConfig.BatchPolicy.REJECT,
                JsonRpcConfig.OnInvalid.CONTINUE, JsonRpcConfig.Headers.DEFAULT));
        assertThat(declarationOf(f).requestBody().access()).as("the body is never changed")
                .isEqualTo(BodyAccess.READ_ONLY);
        assertThat(declarationOf(f).requestBody().mode()).as("read before routing").isEqualTo(BodyMode.buffer(1 << 20));
        assertThat(declarationOf(f).ownedRequestHeaders()).as("a client cannot forge the promoted headers")
                .containsExactlyInAnyOrder("x-json-rpc-method", "x-json-rpc-id", "x-json-rpc-kind");
    }

    @Test
    void theHeadersBlockNamesOnlyWhatItLists() {
        JsonRpcConfig c = (JsonRpcConfig) build(new JsonRpcFactory(), "headers: {id: X-Id}\nmax_body_bytes: 10\n")
                .accepted().config();

        assertThat(c.headers()).isEqualTo(new JsonRpcConfig.Headers(Optional.empty(), Optional.of("X-Id"),
                Optional.empty()));
        assertThat(c.maxBodyBytes()).isEqualTo(10);
    }

    @Test
    void badHeaderNamesAreRefused() {
        assertThat(refused("headers: {method: \"bad name\", id: \"\", kind: Transfer-Encoding}\n")).hasSize(3)
                .anySatisfy(e -> assertThat(e).startsWith("line 1: " + AT + "headers.method: \"bad name\""))
                .anySatisfy(e -> assertThat(e).startsWith("line 1: " + AT + "headers.id: \"\""))
                .anySatisfy(e -> assertThat(e).isEqualTo("line 1: " + AT + "headers.kind: \"Transfer-Encoding\" "
                        + "(expected: a header that is not hop-by-hop, framing or host)"));
    }

    @Test
    void unknownKeysAndBadValuesAreRefused() {
        assertThat(refused("max_body_bytes: 0\nbatch_policy: all\non_invalid: drop\nheaders: {other: X}\nx: 1\n"))
                .hasSize(5)
                .anySatisfy(e -> assertThat(e).contains("max_body_bytes"))
                .anySatisfy(e -> assertThat(e).contains("batch_policy"))
                .anySatisfy(e -> assertThat(e).contains("on_invalid"))
                .anySatisfy(e -> assertThat(e).contains("headers.other: unknown key"))
                .anySatisfy(e -> assertThat(e).contains(AT + "x: unknown key"));
    }
}
