package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * examples/hedged-requests.yaml end to end (see docs/behaviour/hedging.md): with one catalog
 * replica slow, requests it gets as primary are answered by a copy to a fast replica once the
 * budget has room, so at most one request waits for the slow one; a POST on the same route is
 * never copied.
 */
@Timeout(30)
class HedgedRequestsExampleTest {
    static final String EXAMPLE = "hedged-requests.yaml";

    @Test
    void aSlowReplicaIsOvertakenByCopiesWithinTheBudgetAndPostsAreNeverCopied() throws Exception {
        try (TestOrigin slow = TestOrigin.start("slow"); TestOrigin fast1 = TestOrigin.start("fast1");
                TestOrigin fast2 = TestOrigin.start("fast2"); TestOrigin orders = TestOrigin.start("orders")) {
            slow.delayEveryAnswer(1_500);
            String yaml = Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001", slow.address(),
                    "127.0.0.1:3002", fast1.address(), "127.0.0.1:3003", fast2.address(),
                    "127.0.0.1:3004", orders.address()));
            try (RunningGateway gw = RunningGateway.start(yaml, Examples.features(EXAMPLE));
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                int waitedForSlow = 0;
                for (int i = 0; i < 9; i++) {
                    long started = System.nanoTime();
                    RawResponse response = conn.get("/catalog/" + i);
                    assertThat(response.status()).as("request %d", i).isEqualTo(200);
                    if ("slow".equals(response.echo().origin())) {
                        waitedForSlow++;
                        assertThat((System.nanoTime() - started) / 1_000_000).isGreaterThanOrEqualTo(1_000);
                    }
                }
                assertThat(slow.requestCount()).as("round robin gave the slow replica its third").isGreaterThanOrEqualTo(3);
                assertThat(waitedForSlow).as("only while the 50 % budget had no room yet").isLessThanOrEqualTo(1);
                assertThat(orders.requestCount()).isZero();

                int before = fast1.requestCount() + fast2.requestCount();
                int slowBefore = slow.requestCount();
                for (int i = 0; i < 3; i++) {
                    RawResponse posted = conn.send("POST /catalog/new HTTP/1.1\r\nHost: shop\r\nContent-Length: 2"
                            + "\r\n\r\nok").readResponse();
                    assertThat(posted.status()).isEqualTo(200);
                }
                assertThat(fast1.requestCount() + fast2.requestCount() + slow.requestCount() - before - slowBefore)
                        .as("each POST went to one replica only: never copied").isEqualTo(3);
            }
        }
    }
}
