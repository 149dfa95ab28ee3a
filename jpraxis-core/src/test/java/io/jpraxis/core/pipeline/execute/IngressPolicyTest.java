package io.jpraxis.core.pipeline.execute;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.TestFilters;
import java.util.ArrayList;
import java.util.Set;
import org.junit.jupiter.api.Test;

class IngressPolicyTest {
    private final CompiledPipeline pipeline = TestFilters.pipeline(new TestFilters.Recording("owner", new ArrayList<>()) {
        @Override
        public FilterDeclaration declaration() {
            return super.declaration().withOwnedRequestHeaders(Set.of("x-route-to"));
        }

        @Override
        public FilterAction onRequest(RequestContext ctx) {
            return FilterAction.CONTINUE;
        }
    });

    @Test
    void refusesReservedHeadersInAnyCase() {
        for (String name : new String[] {"X-Praxis-Model", "x-ext-protocol-foo", "X-EXT-AGENT-id"}) {
            HeaderMap headers = new HeaderMap().add(name, "spoofed");
            assertThat(IngressPolicy.admit(headers, pipeline)).as(name)
                    .hasValueSatisfying(r -> assertThat(r.status()).isEqualTo(400));
        }
    }

    @Test
    void allowsTheIterativeDepthHeader() {
        HeaderMap headers = new HeaderMap().add("X-Praxis-Iterative-Depth", "1");
        assertThat(IngressPolicy.admit(headers, pipeline)).isEmpty();
        assertThat(headers.get("x-praxis-iterative-depth")).isEqualTo("1");
    }

    @Test
    void stripsClientCopiesOfOwnedHeaders() {
        HeaderMap headers = new HeaderMap().add("X-Route-To", "attacker-cluster").add("accept", "*/*");
        assertThat(IngressPolicy.admit(headers, pipeline)).isEmpty();
        assertThat(headers.contains("x-route-to")).as("owned header stripped before the pipeline").isFalse();
        assertThat(headers.get("accept")).isEqualTo("*/*");
    }
}
