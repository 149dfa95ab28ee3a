package io.jpraxis.http.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.tracecontext.InboundTrace;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import java.net.InetSocketAddress;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Where a request's server span is parented, and that tracing off leaves the request untouched. */
class EdgeTracingTest {
    private static final String PARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    @Test
    void aValidInboundTraceparentIsTheRemoteParentWithItsTracestateInOrder() {
        HeaderMap headers = new HeaderMap().add("traceparent", PARENT).add("tracestate", "b=2,a=1");

        SpanContext parent = Span.fromContext(EdgeTracing.parent(InboundTrace.of(headers))).getSpanContext();

        assertThat(parent.isRemote()).isTrue();
        assertThat(parent.getTraceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
        assertThat(parent.getSpanId()).isEqualTo("00f067aa0ba902b7");
        assertThat(parent.isSampled()).isTrue();
        assertThat(parent.getTraceState().asMap().keySet()).as("members keep their order").containsExactly("b", "a");
    }

    @Test
    void noMalformedOrRepeatedTraceparentStartsANewRoot() {
        for (HeaderMap headers : new HeaderMap[] {new HeaderMap(), new HeaderMap().add("traceparent", "00-zz"),
                new HeaderMap().add("traceparent", PARENT).add("traceparent", PARENT)}) {
            assertThat(Span.fromContext(EdgeTracing.parent(InboundTrace.of(headers))).getSpanContext().isValid())
                    .as("no parent for %s", headers).isFalse();
        }
    }

    @Test
    void offItPutsNothingOnTheRequest() {
        RequestContext ctx = new RequestContext("l", "GET", RequestPath.of("/"), null, "http",
                new InetSocketAddress("127.0.0.1", 1), new HeaderMap().add("traceparent", PARENT), "id", Instant.EPOCH);

        EdgeTracing.OFF.startServer(ctx);

        assertThat(ServerSpan.of(ctx)).as("no span object").isNull();
        assertThat(ctx.subRequests()).as("the sub-request client is not wrapped").isNull();
        assertThat(EdgeTracing.OFF.enabled()).isFalse();
    }
}
