package io.jpraxis.filters.observe.tracecontext;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.declarationOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.FilterTrait;
import org.junit.jupiter.api.Test;

class TraceContextFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    @Test
    void takesNoKeys() {
        TraceContextFilter filter = (TraceContextFilter) build(new TraceContextFactory(), "{}\n").accepted();
        assertThat(filter.config()).isEqualTo(new TraceContextConfig());
        assertThat(filter.type()).isEqualTo("trace_context");
        assertThat(declarationOf(filter).ownedRequestHeaders()).as("it reads the client's traceparent: not stripped at ingress")
                .isEmpty();
        assertThat(declarationOf(filter).traits()).as("the ordering checks refuse it gated on an upstream at the top level")
                .containsExactly(FilterTrait.DECIDES_BEFORE_ROUTING);
    }

    @Test
    void anyKeyIsUnknown() {
        assertThat(build(new TraceContextFactory(), "sampled: true\n").refused()).singleElement().asString()
                .isEqualTo("line 1: " + AT + "sampled: unknown key (expected: none; trace_context takes no options)");
    }
}
