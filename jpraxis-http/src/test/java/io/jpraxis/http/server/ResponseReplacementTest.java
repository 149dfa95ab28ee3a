package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A response filter that puts its own response in place of another (a reject in the response
 * phase) hands the rest of the response phase that replacement: the filters the reverse walk has
 * not reached yet run their response hook on it, and no filter's response hook runs twice.
 */
@Timeout(20)
class ResponseReplacementTest {

    @Test
    void upstreamResponseReplacedRunsOnlyTheFiltersNotYetReached() throws IOException {
        AtomicInteger outer = new AtomicInteger();
        AtomicInteger replacer = new AtomicInteger();
        AtomicInteger inner = new AtomicInteger();
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder()
                        .filter(marking("x-outer", outer))
                        .filter(replacing(500, replacer))
                        .filter(marking("x-inner", inner))
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin))
                        .start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("GET / HTTP/1.1\r\nHost: test\r\n" + OriginCommands.STATUS + ": 500\r\n\r\n");
            RawResponse response = client.readResponse();
            assertThat(response.status()).as("the replacement is what the client gets").isEqualTo(503);
            assertThat(response.bodyText()).endsWith(",\"detail\":\"upstream unhealthy\"}");
            assertThat(inner.get()).as("the inner filter ran once, on the origin's response").isEqualTo(1);
            assertThat(replacer.get()).as("the replacing filter is not asked again about its own answer").isEqualTo(1);
            assertThat(outer.get()).as("the outer filter, not reached yet, runs on the replacement").isEqualTo(1);
            assertThat(response.header("x-outer")).as("set by the outer filter on the replacement").isEqualTo("503");
            assertThat(response.header("x-inner")).as("the inner filter saw only the dropped response").isNull();
            assertThat(response.header("x-request-id")).as("an error answer carries the request id").isNotNull();
            assertThat(client.get("/fine").status()).as("the connection stays usable").isEqualTo(200);
            assertThat(outer.get() + replacer.get() + inner.get()).as("a plain 200 runs each hook once more").isEqualTo(6);
        }
    }

    @Test
    void localResponseReplacedRunsOnlyTheFiltersNotYetReached() throws IOException {
        AtomicInteger outer = new AtomicInteger();
        AtomicInteger replacer = new AtomicInteger();
        AtomicInteger inner = new AtomicInteger();
        try (TestGateway gw = TestGateway.builder()
                        .filter(marking("x-outer", outer))
                        .filter(replacing(201, replacer))
                        .filter(marking("x-inner", inner))
                        .filter(TestFilters.respond(201, "text/plain", "made here"))
                        .start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            RawResponse response = client.get("/");
            assertThat(response.status()).isEqualTo(503);
            assertThat(inner.get()).as("the inner filter ran once, on the filter's own answer").isEqualTo(1);
            assertThat(replacer.get()).isEqualTo(1);
            assertThat(outer.get()).as("the outer filter runs on the replacement").isEqualTo(1);
            assertThat(response.header("x-outer")).isEqualTo("503");
            assertThat(response.header("x-inner")).isNull();
        }
    }

    /** Counts its response hook calls and stamps the status it saw into {@code header}. */
    private static HttpFilter marking(String header, AtomicInteger calls) {
        return new TestFilters.Simple("test_marking") {
            @Override
            public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
                calls.incrementAndGet();
                response.headers().set(header, String.valueOf(response.status()));
                return FilterAction.CONTINUE;
            }
        };
    }

    /** Counts its response hook calls and refuses a response with {@code status} with a 503 of its own. */
    private static HttpFilter replacing(int status, AtomicInteger calls) {
        return new TestFilters.Simple("test_replacing") {
            @Override
            public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
                calls.incrementAndGet();
                return response.status() == status ? new FilterAction.Reject(503, "upstream unhealthy")
                        : FilterAction.CONTINUE;
            }
        };
    }
}
