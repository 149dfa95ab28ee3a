package io.jpraxis.core.context;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import java.net.InetSocketAddress;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RequestContextTest {
    private static RequestContext context() {
        return new RequestContext("main", "GET", RequestPath.of("/"), null, "http",
                new InetSocketAddress("127.0.0.1", 1), new HeaderMap(), "gen-1", Instant.parse("2025-01-01T00:00:00Z"));
    }

    @Test
    void adoptedRequestIdBecomesEffectiveButTheGeneratedOneIsKept() {
        RequestContext ctx = context();
        ctx.requestId("client-7");
        assertThat(ctx.requestId()).as("later filters and logs see the adopted id").isEqualTo("client-7");
        assertThat(ctx.generatedRequestId()).isEqualTo("gen-1");
    }

    @Test
    void deadlineKeepsTheEarliestOfSeveral() {
        RequestContext ctx = context();
        assertThat(ctx.deadline()).as("no timeout filter, no deadline").isNull();
        ctx.tightenDeadline(Instant.parse("2025-01-01T00:00:05Z"));
        ctx.tightenDeadline(Instant.parse("2025-01-01T00:00:09Z"));
        assertThat(ctx.deadline()).as("a looser timeout does not extend a tighter one")
                .isEqualTo(Instant.parse("2025-01-01T00:00:05Z"));
        ctx.tightenDeadline(Instant.parse("2025-01-01T00:00:02Z"));
        assertThat(ctx.deadline()).isEqualTo(Instant.parse("2025-01-01T00:00:02Z"));
    }
}
