package io.jpraxis.http.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.filters.observe.requestid.RequestIdConfig;
import io.jpraxis.filters.observe.requestid.RequestIdFilter;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The {@code request_id} filter on the real edge; the test gateway generates ids req-1, req-2, ... */
@Timeout(20)
class RequestIdEdgeTest {
    private static final HttpFilter REQUEST_ID = new RequestIdFilter(new RequestIdConfig("X-Request-ID"));

    private static RawResponse get(RawHttpConnection client, String idHeaderLine) throws IOException {
        client.send("GET /id HTTP/1.1\r\nHost: test\r\n" + idHeaderLine + "\r\n");
        return client.readResponse();
    }

    @Test
    void missingIdIsSetUpstreamAndEchoed() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().filter(REQUEST_ID)
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            RawResponse response = get(client, "");
            assertThat(response.echo().header("x-request-id")).as("the origin sees the generated id").isEqualTo("req-1");
            assertThat(response.header("x-request-id")).as("echoed to the client").isEqualTo("req-1");
        }
    }

    @Test
    void validClientIdIsKeptEndToEnd() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().filter(REQUEST_ID)
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            RawResponse response = get(client, "X-Request-ID: trace-77.a\r\n");
            assertThat(response.echo().headerValues("x-request-id")).containsExactly("trace-77.a");
            assertThat(response.header("x-request-id")).isEqualTo("trace-77.a");
        }
    }

    @Test
    void invalidClientIdIsReplacedEndToEnd() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().filter(REQUEST_ID)
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            RawResponse response = get(client, "X-Request-ID: two words\r\n");
            assertThat(response.echo().headerValues("x-request-id")).as("never forwarded as sent").containsExactly("req-1");
            assertThat(response.header("x-request-id")).isEqualTo("req-1");
        }
    }

    @Test
    void errorResponsesCarryTheEffectiveId() throws IOException {
        try (TestGateway gw = TestGateway.builder().filter(REQUEST_ID).filter(TestFilters.reject(403, "denied")).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            RawResponse response = get(client, "X-Request-ID: client-5\r\n");
            assertThat(response.status()).isEqualTo(403);
            assertThat(response.headerValues("x-request-id")).as("the adopted id, once").containsExactly("client-5");
        }
    }
}
